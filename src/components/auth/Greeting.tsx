import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import type { SessionState } from '../../api/schemas/session.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { $bonusSummary, loadBonusSummary } from '../../stores/auth.ts';
import type { AuthText } from './authText.ts';

interface Props {
  t: AuthText;
  locale: Locale;
  session: SessionState | null;
  headingId: string;
  onClose: () => void;
}

/**
 * Spec §2 the success greeting: a member of the cashback programme gets "to the site" and "to the
 * personal account"; a non-member is invited to become one (the profile's bonus-programme anchor)
 * or to read more (the bonus-rules info page). The bonus banner shows when this sign-in granted one;
 * a member's banner shows their status, its expiry and the cashback logo (spec §2).
 */
export function Greeting({ t, locale, session, headingId, onClose }: Props) {
  const shopper = session?.signedIn ? session.shopper : null;
  const profile = routeUrl(routeName('profile-page', locale));
  const member = shopper?.isMember === true;
  const status = useStore($bonusSummary);
  useEffect(() => {
    if (member) void loadBonusSummary();
  }, [member]);
  return (
    <div className="auth-greeting">
      <h2 id={headingId} tabIndex={-1}>
        {shopper?.firstName ? t('greeting', { name: shopper.firstName }) : t('greetingNoName')}
      </h2>
      {session?.signedIn && session.bonusGranted && <p className="auth-banner">{t('bonusGranted')}</p>}
      {member && status && (
        <div className="auth-member-banner" data-member-banner>
          <img src="/assets/svg/cashback.svg" alt="" width={40} height={40} />
          <p>
            <strong>{t('memberStatus', { level: status.levelName })}</strong>
            {status.validUntil && <> · {t('memberUntil', { date: status.validUntil })}</>}
          </p>
        </div>
      )}
      <p>{member ? t('greetingMember') : t('greetingNonMember')}</p>
      <div className="auth-actions">
        {member ? (
          <>
            <button type="button" className="auth-primary" onClick={onClose}>
              {t('toSite')}
            </button>
            <a className="auth-secondary" href={profile}>
              {t('toCabinet')}
            </a>
          </>
        ) : (
          <>
            <a className="auth-primary" href={`${routeUrl(routeName('profile-bonus', locale))}#bonus-program`}>
              {t('becomeMember')}
            </a>
            <a className="auth-secondary" href={routeUrl(routeName('info-page', locale), { slug: 'bonus-rules' })}>
              {t('readMore')}
            </a>
            <button type="button" className="auth-link" onClick={onClose}>
              {t('toSite')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
