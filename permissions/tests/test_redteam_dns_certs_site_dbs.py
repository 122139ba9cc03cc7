"""Red team (session 19), external effects by family (§5 step 6): DNS records changed at a provider (``flarectl dns
create``, ``dnscontrol push``, ``octodns-sync --doit``, ``lexicon PROVIDER create``), certificates issued, renewed or
revoked by a CA (``certbot certonly|renew``, ``acme.sh --issue``, ``lego run``), and a site's database emptied or
overwritten through WordPress's and Drupal's consoles (``wp db reset``, ``wp search-replace``, ``drush sql-drop``,
``drush si``) were auto-approved under an allow of every word on 0ae6cad. Plans, previews, listings and dry runs stay
ordinary."""

from __future__ import annotations

import pytest

from permissions.tests.redteam import never_auto_where, stays_auto_where


@pytest.mark.parametrize(
    "command",
    [
        "flarectl dns create --zone example.com --name www --type A --content 203.0.113.9",
        "flarectl dns delete --zone example.com --id x",
        "flarectl dns update --zone example.com --id x --content 203.0.113.9",
        "dnscontrol push",
        "dnscontrol push --domains example.com",
        "octodns-sync --config-file config.yaml --doit",
        "octodns-sync --doit --config-file=config.yaml example.com.",
        "lexicon cloudflare create example.com A --name www --content 203.0.113.9",
        "lexicon route53 delete example.com TXT --name _acme",
        "certbot certonly --standalone -d example.com",
        "certbot renew",
        "certbot revoke --cert-path cert.pem",
        "certbot --nginx -d example.com certonly",
        "acme.sh --issue -d example.com --dns dns_cf",
        "acme.sh --renew -d example.com --force",
        "acme.sh --install-cert -d example.com --reloadcmd 'systemctl reload nginx'",
        "lego --email a@example.com -d example.com --dns cloudflare run",
        "lego -d example.com renew",
        "wp db reset --yes",
        "wp db drop --yes",
        "wp db import dump.sql",
        "wp db clean --yes",
        "wp site empty --yes",
        "wp search-replace http://old https://new",
        "wp --path=web search-replace a b --all-tables",
        "drush sql-drop -y",
        "drush sql:drop -y",
        "drush si standard -y",
        "drush site:install minimal",
        "drush sql-sync @prod @self",
    ],
)
def test_dns_certificates_and_site_databases_changed_are_never_auto_approved(command):
    never_auto_where(command)


@pytest.mark.parametrize(
    "command",
    [
        "flarectl dns list --zone example.com",
        "flarectl zone list",
        "dnscontrol preview",
        "octodns-sync --config-file config.yaml",
        "lexicon cloudflare list example.com A",
        "certbot certificates",
        "acme.sh --list",
        "lego list",
        "wp db export backup.sql",
        "wp search-replace a b --dry-run",
        "wp plugin list",
        "drush cr",
        "drush status",
    ],
)
def test_plans_listings_and_dry_runs_stay_ordinary(command):
    stays_auto_where(command)
