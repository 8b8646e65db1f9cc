vcl 4.1;

# The shop's edge cache (issue 26; docs/operations.md "Varnish in front"): Debian's varnish with
# varnish-modules' xkey. The shop says what a shared cache may keep (Surrogate-Control) and under
# which tags (Surrogate-Key); an editor's save reaches here as `PURGE` with the tags in `xkey-purge`
# (CDN_PURGE_MODE=varnish). Personal pages, the basket, checkout, /api and /svc always pass.

import std;
import xkey;

# The shop (or its workers on one port). tests/launcher/varnish.test.ts rewrites the port.
backend shop {
    .host = "127.0.0.1";
    .port = "4321";
    # /readyz turns 503 while the shop drains or a dependency is down: Varnish then serves what it
    # keeps (grace) instead of sending shoppers to it.
    .probe = {
        .url = "/readyz";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

# Who may purge: the shop's own processes. Add the shop's addresses when it runs on other hosts.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
            return (synth(200, "Purged " + req.http.n-gone));
        }
        # A path: every cached variant of that URL.
        return (purge);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # What is a shopper's own, or is not a page: never from the cache.
    if (req.url ~ "^/(api|svc|editor)(/|$)" ||
        req.url ~ "^(/ua)?/(profile|checkout|basket|order|certificate|wishlist|one-click)(/|\?|$)" ||
        req.url ~ "^/(healthz|readyz|metrics)$") {
        return (pass);
    }
    # Public pages are the same for everyone: the shop's cookies (consent, time zone, session hint)
    # change nothing in them, so they do not split the cache.
    unset req.http.Cookie;
    # While the shop is healthy a stale copy is served for at most the page's stale-while-revalidate
    # (refreshed in the background); when it is not, for as long as the page's stale-if-error.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 1h;
    }
    return (hash);
}

# One shop, one canonical origin (SITE_URL): the URL alone names a page, so a purge sent to this
# address reaches the copy shoppers got under the site's Host.
sub vcl_hash {
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_response {
    # The shop's word for shared caches; a page without it (personal, errors) is not kept.
    if (beresp.http.Surrogate-Control ~ "max-age=\d+" && !beresp.http.Set-Cookie) {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=(\d+).*$", "\1") + "s", 0s);
        set beresp.grace = std.duration(regsub(beresp.http.Surrogate-Control, "^.*stale-if-error=(\d+).*$", "\1") + "s", 1h);
        set beresp.http.xkey = beresp.http.Surrogate-Key;
        # The id of the request that filled the cache is no later request's.
        unset beresp.http.X-Request-Id;
    } else {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
    }
    return (deliver);
}

sub vcl_deliver {
    # Whether this answer came from here: HIT, MISS, or PASS for what is never kept.
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.xkey;
    unset resp.http.Via;
    unset resp.http.X-Varnish;
}

sub vcl_backend_error {
    # The shop is down and nothing is kept for this URL: a plain page, never Varnish's own.
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "30";
    synthetic({"<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Магазин скоро вернётся</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>Магазин скоро вернётся</h1><p>Мы обновляем сайт. Попробуйте через минуту.</p><p lang="uk">Магазин незабаром повернеться. Спробуйте за хвилину.</p></body></html>"});
    return (deliver);
}
