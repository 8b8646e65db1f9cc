/**
 * Sends events to the shop's collector with `navigator.sendBeacon` (issue 12): the browser sends it
 * even as the page goes, and it never delays the page. Events of one task go together. A refusal
 * (too large, or beacons off) is logged to the console only, as the spec's error catalogue says.
 */
import { log } from '../../log/log.ts';
export type Channel = 'analytics' | 'email';

export function beaconSender(url: string): (channel: Channel, event: unknown) => void {
  const pending = new Map<Channel, unknown[]>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const [channel, events] of pending) {
      const body = new Blob([JSON.stringify({ channel, events })], { type: 'application/json' });
      if (!navigator.sendBeacon(url, body)) log.warn(`[analytics] ${events.length} ${channel} events were not sent`);
    }
    pending.clear();
  };
  return (channel, event) => {
    const list = pending.get(channel) ?? [];
    list.push(event);
    pending.set(channel, list);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  };
}
