"""SPEC §5 (where it runs: "the path scope holds for [host and agent] in every mode (auto mode included)"), R6,
R4.10, red team on a developer's laptop: the secrets kept or decrypted by the developer's other tools.

permissions.commands.credentials made ``gh auth token``, ``aws configure export-credentials``, ``vault read`` and
the keychains ask off the sandbox (``cap_path_scope``, "prints a credential the machine keeps outside the
project"), but the same secrets printed by the tools beside them were auto-approved in auto mode and under an
allow of every word when a coding agent's hook ran them on the laptop: ``doctl auth token``, ``keepassxc-cli show
-s``, ``terraform output -json`` (sensitive values in clear, says its documentation), ``sops -d``, ``ansible-vault
view``, ``gpg -d`` with the user's private key, ``age -d``, ``heroku config``, ``netlify env:get``, ``dotenvx
get``, ``git-crypt unlock``, ``pulumi config --show-secrets``, ``sf org display`` (the org's access token), ...
permissions.commands.secret_keepers reads them: off the sandbox each asks, ``cap_path_scope``; in Brabo's own
sandbox nothing changes (it holds none of the developer's keys, R9.7).

What prints no secret stays ordinary: name-only listings (``gh secret list``, ``fly secrets list`` with digests),
values the tool masks (``terraform output``, ``pulumi config``, ``keepassxc-cli show`` without ``-s``), the local
stack's keys (``supabase status``), encrypting (``sops -e``, ``gpg -e``, ``age -e``).

Every case of the asking lists was auto-approved off the sandbox on the frozen base (in auto mode, or under an
allow of every word) unless marked "(guard)" -- those asked already, for a reason kept here.
"""

from __future__ import annotations

import pytest

from permissions.commands.credentials import CREDENTIAL, credential_printed
from permissions.commands.secret_keepers import DECRYPTED, HANDS_ON_KEEPERS, KEEPERS
from permissions.segments import views_of
from permissions.shell import parse_command
from permissions.tests.redteam import (
    OFF_THE_SANDBOX,
    a_machine_change_on_the_laptop,
    never_auto_where,
    stays_auto_where,
)

from .helpers import AUTO_MODE, CONTAINER_RUNNING, assert_asks, assert_asks_in_auto_mode, term

STORES = [
    "keepassxc-cli show -s db.kdbx github",
    "keepassxc-cli show --show-protected db.kdbx github",
    "keepassxc-cli show -a Password db.kdbx github",
    "keepassxc-cli show -a password db.kdbx github",
    "keepassxc-cli show -aPassword db.kdbx github",
    "keepassxc-cli show --attributes=Password db.kdbx github",
    "keepassxc-cli show -a username -a password db.kdbx github",
    "keepassxc-cli show -a api_key db.kdbx github",
    "keepassxc-cli show -t db.kdbx github",
    "keepassxc-cli show --totp db.kdbx github",
    "keepassxc-cli show -k key.keyx --no-password -s db.kdbx github",
    "keepassxc-cli show db.kdbx github -s",
    "keepassxc-cli clip db.kdbx github",
    "keepassxc-cli export db.kdbx",
    "keepassxc-cli export --format csv db.kdbx",
    "keepassxc-cli attachment-export --stdout db.kdbx github id_rsa",
    "keepassxc-cli open db.kdbx",
    "keepassxc-cli.exe show -s db.kdbx github",
    "keepassxc.cli show -s db.kdbx github",
    "/usr/bin/keepassxc-cli show -s db.kdbx github",
    "kpcli --kdb db.kdbx --command 'show -f github'",
    "rbw get github",
    "rbw get --full github",
    "rbw code github",
    "passage show email/work",
    "passage email/work",
    "passbolt get resource --id 1",
    "kwallet-query -r github kdewallet",
    "kwallet-query --read-password github kdewallet",
    "kwallet-query -f Passwords -r github kdewallet",
    "ykman oath accounts code",
    "ykman oath code github",
    "akeyless get-dynamic-secret-value -n db",
    "akeyless get-rotated-secret-value -n db",
    "conjur variable get -i prod/db/password",
    "conjur variable value prod/db/password",
    "berglas access sm://project/db",
    "teller env",
    "teller export",
    "teller sh",
    "teller yaml",
    "bws secret get 00000000-0000-0000-0000-000000000000",
    "bws secret list",
    "bws list secrets",
    "keeper find-password abc",
    "bw serve --port 8087",
    "bw serve",
    "keeper get abc --unmask",
    "git config --get github.token",
    "git config --global hub.oauthtoken",
    "git config get --global github.token",
    "git config --global --get-all http.https://github.com/.extraheader",
    "git -C repo config --get GitHub.Token",
    "composer config --global github-oauth.github.com",
    "composer config -g http-basic.repo.example.com",
    "snyk config get api",
    "snyk config",
    "travis token",
    "consul acl token read -self",
    "consul acl token list",
    "nomad acl token self",
    "dcli password github",
    "dcli p github -o console",
    "dcli note ssh-keys",
    "dcli read dl://github/password",
    "ksm secret get -u abc",
    "ksm secret notation keeper://abc/field/password",
    "hcp vault-secrets secrets open db",
    "hcp auth print-access-token",
    "phase secrets get DB_PASSWORD",
    "phase secrets export --env prod",
    "phase secrets list --show",
    "sst secret list",
    "npx sst secret list --stage prod",
]
PAAS = [
    "doctl auth token",
    "doctl auth t",
    "doctl --context work auth token",
    "doctl -t $DO_TOKEN auth token",  # (guard: a token variable printed asked before, peeks)
    "doctl registry docker-config",
    "doctl kubernetes cluster kubeconfig show prod",
    "doctl k8s cluster kubeconfig exec-credential --version v1beta1 abc",
    "doctl databases connection abc",
    "doctl databases user get abc doadmin",
    "doctl databases user list abc",
    "doctl db pool get abc pool",
    "doctl.exe auth token",
    "heroku config",
    "heroku config -a app",
    "heroku config --app app --json",
    "heroku config --shell -a app",
    "heroku config:get DATABASE_URL",
    "heroku config:get -a app DATABASE_URL",
    "heroku pg:credentials:url -a app",
    "heroku pg:credentials DATABASE -a app",
    "heroku redis:credentials -a app",
    "npx heroku config",
    "heroku.cmd config",
    "netlify.ps1 env:get API_KEY",
    "netlify env:list",
    "netlify env:list --plain",
    "netlify env:list --json --context production",
    "netlify env:get API_KEY",
    "ntl env:get API_KEY",
    "npx netlify-cli env:list --plain",
    "vercel pull",
    "vercel pull --environment=production",
    "npx vercel@latest pull --yes",
    "railway variables",
    "railway variables --kv",
    "railway variables --json -s api",
    "cf env my-app",
    "eb printenv",
    "eb printenv prod-env",
    "kamal secrets print",
    "kamal secrets fetch --adapter 1password --account acme DB_PASSWORD",
    "sf org display",
    "sf org display --verbose",
    "sf org display --target-org prod --json",
    "sf org display user",
    "sf org auth show-access-token --no-prompt",
    "sf org auth show-sfdx-auth-url -o prod --json",
    "sf org open --url-only",
    "sf org open -o prod -r",
    "sfdx force:org:display -u prod --verbose",
    "sfdx force:user:display",
    "sfdx force:org:open -r",
    "npx @salesforce/cli org display",
    "firebase functions:config:get",
    "firebase functions:secrets:access STRIPE_KEY",
    "firebase --project prod functions:config:get",
    "npx firebase-tools functions:config:get",
    "stripe config --list",
    "stripe config --list --project-name work",
    "databricks auth token",
    "databricks auth token -p prod",
    "databricks auth env",
    "databricks secrets get-secret scope key",
    "cloudflared access token",
    "cloudflared access token -app=https://app.example.com",  # (guard: asked before for its URL word)
    "ibmcloud iam oauth-tokens",
    "oci secrets secret-bundle get --secret-id ocid1.vaultsecret.x",
    "scw secret version access 11111111-1111-1111-1111-111111111111 revision=latest",
    "scw config get secret-key",
    "scw config dump",
    "mc alias list",
    "mc alias ls myminio",
    "mc alias export myminio",
    "mc --json alias list",
    "rclone config show",
    "rclone config show gdrive",
    "rclone config dump",
    "s3cmd --dump-config",
    "yarn config get npmAuthToken",
    "yarn config get npmAuthToken --no-redacted",
    "az webapp config appsettings list -g rg -n app",
    "az functionapp config appsettings list -g rg -n fn",
    "az servicebus namespace authorization-rule keys list -g rg --namespace-name ns -n Root",
    "az cognitiveservices account keys list -g rg -n ai",
    "az search admin-key show -g rg --service-name s",
    "az containerapp secret show -g rg -n app --secret-name db",
    "kubelogin get-token --login azurecli --server-id x",
    "aws-iam-authenticator token -i cluster",
    "gke-gcloud-auth-plugin",
    "saml2aws script --shell=bash",
    "argocd admin initial-password -n argocd",
    "glab variable get DB_PASSWORD",
    "glab variable export",
    "glab variable list",
    "shopify app env show",
    "shopify app env pull",
    "npx convex env list",
    "convex env get STRIPE_KEY",
    "turso auth token",
    "neonctl connection-string",
    "neonctl cs main --pooled",
    "eas env:pull --environment production",
    "eas env:get --variable-name API_KEY",
    "eas env:list --include-sensitive",
]
STATE = [
    "terraform output -json",
    "terraform output -raw db_password",
    "terraform output -json db_password",
    "terraform output --json",
    "terraform output -json=true",
    "terraform output -no-color -raw db_password",
    "terraform -chdir=infra output -json",
    "terraform output db_password -raw",
    "TERRAFORM.EXE output -json",
    "/opt/homebrew/bin/terraform output -json",
    "tofu output -json",
    "tofu output -raw db_password",
    "terragrunt output -json",
    "terragrunt run-all output -json",
    "terragrunt run --all -- output -json",
    "terragrunt output-all -json",
    "terraform show -json",
    "terraform show -json plan.tfplan",
    "terraform state pull",
    "tofu state pull",
    "terraform console",
    "echo 'nonsensitive(var.db_password)' | terraform console",
    "pulumi config --show-secrets",
    "pulumi config --show-secrets --json",
    "pulumi config -s prod --show-secrets",
    "pulumi config get dbPassword",
    "pulumi --cwd infra config get dbPassword",
    "pulumi stack output --show-secrets",
    "pulumi stack output dbPassword --show-secrets",
    "pulumi stack export --show-secrets",
    "pulumi env open org/prod",
    "pulumi env get org/prod --show-secrets",
    "esc open org/proj/prod",
    "esc env open org/proj/prod",
    "esc env get org/proj/prod --show-secrets",
]
DECRYPTORS = [
    "sops -d secrets.enc.yaml",
    "sops --decrypt secrets.enc.yaml",
    'sops -d --extract \'["db"]["password"]\' secrets.enc.yaml',
    "sops --decrypt --output-type dotenv secrets.enc.yaml",
    "sops --config .sops.yaml -d secrets.enc.yaml",
    "sops decrypt secrets.enc.yaml",
    "sops decrypt --extract '[\"db\"]' secrets.enc.yaml",
    "sops -d -i secrets.enc.yaml",
    "sops -d --output plain.yaml secrets.enc.yaml",
    "sops exec-file secrets.enc.yaml 'cat {}'",
    "sops.exe -d secrets.enc.yaml",
    "SOPS_AGE_KEY_FILE=k.txt sops -d secrets.enc.yaml",
    "ansible-vault view secrets.yml",
    "ansible-vault view --vault-password-file .vault_pass secrets.yml",
    "ansible-vault decrypt secrets.yml",
    "ansible-vault decrypt --output - secrets.yml",
    "ansible-vault --vault-id prod@prompt view secrets.yml",
    "ansible-vault --vault-pass pw.txt view secrets.yml",
    "ansible-vault --vault-password-file=pw.txt decrypt --output - secrets.yml",
    "ansible-vault -v edit secrets.yml",
    "ansible-inventory --list --vault-password-file .vault_pass",
    "ansible-inventory -i inventory --host web1 --ask-vault-pass",
    "ansible-inventory --list -J",
    "uvx --from ansible-core ansible-vault view secrets.yml",
    "gpg -d secrets.gpg",
    "gpg --decrypt secrets.gpg",
    "gpg --decrypt --output - secrets.gpg",
    "gpg -q -d secrets.gpg",
    "gpg -qd secrets.gpg",
    "gpg --batch --yes -d secrets.gpg",
    "gpg --decr secrets.gpg",
    "gpg --decrypt-files a.gpg b.gpg",
    "gpg --unwrap secrets.gpg",
    "gpg --show-session-key -d secrets.gpg",
    "gpg secrets.gpg",
    "gpg -o plain.txt secrets.gpg",
    "cat secrets.gpg | gpg",
    "gpg2 -d secrets.gpg",
    "gpg.exe --decrypt secrets.gpg",
    "gpg.EXE -d secrets.gpg",
    "gpgsm -d mail.p7m",
    "gpgtar --decrypt backup.gpgtar",
    "age -d -i key.txt secrets.age",
    "age --decrypt -i ~/.config/age/keys.txt secrets.age",
    "age -d secrets.age",
    "age -decrypt -i key.txt secrets.age",
    "rage -d -i key.txt secrets.age",
    "sq decrypt msg.pgp",
    "sq key export --cert ABCDEF",
    "helm secrets decrypt secrets.yaml",
    "helm secrets view secrets.yaml",
    "helm secrets dec secrets.yaml",
    "helm secrets template chart -f secrets.yaml",
    "git-crypt unlock",
    "git-crypt export-key -",
    "git crypt unlock",
    "git secret reveal",
    "git secret cat .env",
    "git-secret reveal -f",
    "git-secret cat .env",
    "transcrypt -d",
    "transcrypt --display",
    "blackbox_cat secrets.yml.gpg",
    "blackbox_decrypt_all_files",
    "blackbox cat secrets.yml",
    "chezmoi secret keyring get --service x --user y",
    'chezmoi execute-template \'{{ (bitwarden "item" "github").login.password }}\'',
    "chezmoi decrypt encrypted_dot_env.age",
    "chezmoi age decrypt --passphrase x.age",
    "chezmoi dump",
    "chezmoi cat .ssh/config",
    "dotenvx get",
    "dotenvx get API_KEY",
    "dotenvx get -f .env.production",
    "dotenvx keypair",
    "npx @dotenvx/dotenvx get",
    "npx dotenv-vault keys production",
    "ejson decrypt secrets.ejson",
    "ejson2env secrets.ejson",
    "kubeseal --recovery-unseal --recovery-private-key k.key",
    "kubeseal --recovery-unseal=true --recovery-private-key k.key -o yaml",
]
SPELLINGS = [
    "env doctl auth token",
    "command sops -d secrets.enc.yaml",
    "bash -c 'terraform output -json'",
    "sh -c 'gpg -d secrets.gpg'",
    "echo $(doctl auth token)",
    "TOKEN=$(heroku config:get API_KEY -a app) && echo ok",
    "time terraform output -json",
    "nohup sops -d secrets.enc.yaml",
    "xargs gpg -d < list.txt",
    "npx sops -d secrets.enc.yaml",
    "cd infra && terraform output -raw db_password",
    "sops -d secrets.enc.yaml | grep password",
    "terraform output -json | jq .db_password.value",
    "timeout 10 doctl auth token",
    "nice -n 10 gpg --decrypt secrets.gpg",
    "env TF_WORKSPACE=prod terraform output -json",
    "env -u TF_LOG terraform output -json",
    "gpg --output=- --decrypt secrets.gpg",
    "gpg --batch --passphrase-fd 0 -d secrets.gpg",
    "keepassxc-cli show -sa Password db.kdbx github",
    "pulumi stack output --show-secrets=true --json",
    "terraform output -raw=true db_password",
    "sops --input-type yaml --output-type json -d secrets.enc",
    "ansible-vault decrypt --output=- secrets.yml",
    "age --decrypt=true -i key.txt secrets.age",
    "heroku config --json | jq -r .DATABASE_URL",
    "sf org display --json | jq -r .result.accessToken",
    "firebase functions:config:get > .runtimeconfig.json",
    "watch terraform output -json",
    "stdbuf -o0 terraform output -json",
    "direnv exec . terraform output -json",
    "mise exec -- terraform output -json",
    "aws-vault exec prod -- terraform output -json",
    "doppler run -- sops -d secrets.enc.yaml",
    "op run -- gpg -d secrets.gpg",
    "uv run -- sops -d secrets.enc.yaml",
    "poetry run ansible-vault view secrets.yml",
    "wsl terraform output -json",
    "g''pg -d secrets.gpg",
    "exec terraform output -json",
    "builtin command terraform output -json",
    "(terraform output -json)",
    "{ terraform output -json; }",
    "if true; then sops -d secrets.enc.yaml; fi",
    'for f in *.gpg; do gpg -d "$f"; done',
    "terraform output -json 2>&1 | head",
    'sops -d "secrets dir/db.enc.yaml"',
]
ASKED_ALREADY = [
    "vercel env pull",
    "vercel env pull .env.local --environment=production",
    "dotenvx decrypt",
    "dotenvx decrypt --stdout",
    "firebase login:ci",
    "npm token create",
    "akeyless get-secret-value -n db",  # (guard: credentials' text reading, `get-secret`, asked before)
]
CASES = STORES + PAAS + STATE + DECRYPTORS + SPELLINGS + ASKED_ALREADY

# (guard) asked already on the frozen base, where it runs, for another reason that still comes first there
_BOTH = OFF_THE_SANDBOX
ASKED_BEFORE: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        (
            # external effects (cap_external_effect): a remote call the caps ask for everywhere
            "doctl databases connection abc",
            "doctl databases user get abc doadmin",
            "doctl databases user list abc",
            "doctl db pool get abc pool",
            "doctl registry docker-config",
            "doctl kubernetes cluster kubeconfig show prod",
            "doctl k8s cluster kubeconfig exec-credential --version v1beta1 abc",
            "heroku pg:credentials:url -a app",
            "heroku pg:credentials DATABASE -a app",
            "heroku redis:credentials -a app",
            "railway variables",
            "railway variables --kv",
            "railway variables --json -s api",
            "firebase functions:secrets:access STRIPE_KEY",
            "ibmcloud iam oauth-tokens",
            "oci secrets secret-bundle get --secret-id ocid1.vaultsecret.x",
            "scw secret version access 11111111-1111-1111-1111-111111111111 revision=latest",
            "databricks secrets get-secret scope key",
            # a path named (`~/...`, the program's own path): cap_path_scope in auto mode, no allow for a path
            "age --decrypt -i ~/.config/age/keys.txt secrets.age",
            "/opt/homebrew/bin/terraform output -json",
            "/usr/bin/keepassxc-cli show -s db.kdbx github",
            # git runs git-crypt / git-secret: a git subcommand Brabo has no reading for (unparseable)
            "git crypt unlock",
            "git secret reveal",
            "git secret cat .env",
            # read as unparseable, or needing its own allow (a shell's code, a substitution's)
            "xargs gpg -d < list.txt",
            "TOKEN=$(heroku config:get API_KEY -a app) && echo ok",
            "bash -c 'terraform output -json'",
            "sh -c 'gpg -d secrets.gpg'",
            "sops exec-file secrets.enc.yaml 'cat {}'",
            # written to a file in the project, read as a write Brabo cannot follow (unparseable)
            "vercel env pull",
            "vercel env pull .env.local --environment=production",
            "dotenvx decrypt",
            "dotenvx decrypt --stdout",
            # a new token made (cap_external_effect)
            "firebase login:ci",
            "npm token create",
        ),
        _BOTH,
    ),
    # Midnight Commander's name: `mc` on the agent is read as an interactive program already
    **dict.fromkeys(
        ("mc alias list", "mc alias ls myminio", "mc alias export myminio", "mc --json alias list"),
        ("agent",),
    ),
    # an editor opened: typed input on the agent's hook (unparseable) already
    "ansible-vault -v edit secrets.yml": ("agent",),
}
NEW_ASKS = [(c, r) for c in CASES for r in OFF_THE_SANDBOX if r not in ASKED_BEFORE.get(c, ())]


# (guard) the clouds' KMS decrypts: external effects everywhere already (cap_external_effect); read here too
KMS = [
    "aws kms decrypt --ciphertext-blob fileb://secret.enc --query Plaintext --output text",
    "gcloud kms decrypt --key k --keyring r --location global --ciphertext-file c --plaintext-file -",
    "az keyvault key decrypt --id https://v.vault.azure.net/keys/k --algorithm RSA-OAEP --value x",
]


@pytest.mark.parametrize("command", KMS)
def test_a_cloud_kms_decrypt_still_asks(command):
    never_auto_where(command)
    assert _read(command) == CREDENTIAL, command


@pytest.mark.parametrize(("command", "runs_in"), NEW_ASKS)
def test_a_kept_secret_asks_off_the_sandbox(command, runs_in):
    # auto mode and an allow of every word both ask, as outside the path scope -- `terraform console` behind a prefix
    # allow as the prompt it is (test_redteam_expression_prompts_of_infrastructure_tools.py)
    if command.endswith("terraform console"):
        assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")
    else:
        assert_asks(command, runs_in, "cap_path_scope")


@pytest.mark.parametrize(
    "command", [c for c in ASKED_BEFORE if c.startswith(("/", "bash", "sh ", "sops", "age"))]
)
def test_in_auto_mode_the_path_scope_asks(command):
    # (guard) these named a path or needed their own allow: in auto mode the path scope asks all the same
    for runs_in in OFF_THE_SANDBOX:
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, runs_in, v.reason)


@pytest.mark.parametrize("command", CASES)
def test_never_auto_off_the_sandbox(command):
    never_auto_where(command, OFF_THE_SANDBOX)


def _read(command: str) -> str | None:
    for seg in parse_command(command).segments:
        found = credential_printed(views_of(seg.words))
        if found is not None:
            return found
    return None


MADE_NEW = ("firebase login:ci", "npm token create")  # a token made, not one kept: the external-effect cap's


@pytest.mark.parametrize("command", [c for c in CASES if c not in MADE_NEW])
def test_the_reading_names_each(command):
    # (the guards too: what asked before for another reason is read here all the same)
    assert _read(command) in (CREDENTIAL, DECRYPTED), command


SANDBOX_SAMPLE = [
    "doctl auth token",
    "keepassxc-cli show -s db.kdbx github",
    "terraform output -json",
    "terraform state pull",
    "sops -d secrets.enc.yaml",
    "ansible-vault view secrets.yml",
    "gpg -d secrets.gpg",
    "gpg secrets.gpg",
    "age -d -i key.txt secrets.age",
    "heroku config",
    "netlify env:get API_KEY",
    "dotenvx get",
    "git-crypt unlock",
    "pulumi config --show-secrets",
    "sf org display",
    "stripe config --list",
    "rbw get github",
    "kubeseal --recovery-unseal --recovery-private-key k.key",
]


@pytest.mark.parametrize("command", SANDBOX_SAMPLE)
def test_in_brabos_sandbox_nothing_changes(command):
    # R9.7: the sandbox holds none of the developer's keys; its answers stay as they were (auto-approved)
    stays_auto_where(command, places=("sandbox",))
    assert term(command, project=CONTAINER_RUNNING).decision == "auto_approve", command


@pytest.mark.parametrize("command", CASES)
def test_the_sandbox_never_gives_this_reading(command):
    # R9.7: whatever the sandbox answered (auto-approved, or asked for another reason), it is not this reading's
    for v in (term(command, autonomy=AUTO_MODE, runs_in="sandbox"), term(command, project=CONTAINER_RUNNING)):
        assert DECRYPTED not in v.message and "credential the machine keeps" not in v.message, (
            command,
            v.message,
        )


# (git-crypt and git-secret are read by views as git's own subcommands, `git crypt`: nothing to hand on, as before)
@pytest.mark.parametrize("verb", sorted(v for v in HANDS_ON_KEEPERS if not v.startswith("git-")))
def test_a_tool_only_read_here_still_hands_on(verb):
    # views.hands_on: a program no other table reads may run what follows its `--`; reading its secrets here
    # does not make Brabo know it (in the sandbox too, the handed-on push is capped as before)
    for runs_in in ("sandbox", "agent"):
        v = term(f"{verb} x -- git push", autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_external_effect"), (
            verb,
            runs_in,
            v.reason,
        )
    v = term("passage git push", autonomy=AUTO_MODE, runs_in="sandbox")
    assert (v.decision, v.reason) == ("require_approval", "cap_external_effect")


def test_every_keeper_is_a_credential_verb():
    from permissions.commands.credentials import CREDENTIAL_VERBS

    assert set(KEEPERS) <= CREDENTIAL_VERBS
    assert {"gpg", "gpg2", "git", "heroku"} <= CREDENTIAL_VERBS


def test_the_sentence_says_what_it_does():
    v = a_machine_change_on_the_laptop("doctl auth token")
    assert "'doctl auth token' prints a credential the machine keeps outside the project" in v.message
    v = a_machine_change_on_the_laptop("sops -d secrets.enc.yaml")
    assert "decrypts a secret with a key the machine keeps outside the project" in v.message


@pytest.mark.parametrize(
    "command",
    [
        "gh secret list",
        "gh secret list --env prod",
        "fly secrets list",
        "flyctl secrets list -a app",
        "supabase secrets list",
        "supabase status",
        "supabase start",
        "vercel env ls",
        "vercel env ls production",
        "wrangler secret list",
        "twilio profiles:list",
        "npm token list",
        "heroku apps",
        "heroku logs --tail -a app",
        "netlify status",
        "terraform output",
        "terraform output lb_address",
        "terraform output -no-color",
        "terraform output -json=false",
        "terraform show",
        "terraform state list",
        "terraform state show aws_db_instance.main",
        "terraform plan",
        "terraform fmt -check",
        "terraform validate -json",
        "tofu output",
        "terragrunt output",
        "terragrunt run-all plan",
        "pulumi config",
        "pulumi config --json",
        "pulumi stack output",
        "pulumi stack output url",
        "pulumi preview",
        "pulumi stack ls",
        "keepassxc-cli show db.kdbx github",
        "keepassxc-cli show -a title -a username db.kdbx github",
        "keepassxc-cli ls db.kdbx",
        "keepassxc-cli search db.kdbx github",
        "keepassxc-cli db-info db.kdbx",
        "keepassxc-cli generate -L 32",
        "keepassxc-cli --help",
        "rbw list",
        "rbw search github",
        "rbw sync",
        "passage ls",
        "gpg --list-keys",
        "gpg -k",
        "gpg -K",
        "gpg --list-secret-keys --keyid-format LONG",
        "gpg --verify SHA256SUMS.sig SHA256SUMS",
        "gpg -e -r me@example.com notes.txt",
        "gpg --armor --export me@example.com",
        "gpg --dearmor -o key.gpg key.asc",
        "gpg --fingerprint me",
        "gpg --print-md SHA256 file",
        "gpg --show-keys key.asc",
        "gpg --version",
        "gpg --clearsign msg.txt",
        "gpg --list-k",
        "age -r age1qqq -o secrets.age secrets.txt",
        "age --encrypt -R recipients.txt file",
        "age-keygen -y key.txt",
        "sops -e secrets.yaml",
        "sops --encrypt --in-place secrets.yaml",
        "sops -e -i secrets.yaml",
        "sops encrypt secrets.yaml",
        "sops updatekeys secrets.enc.yaml",
        "sops filestatus secrets.enc.yaml",
        "sops --version",
        "ansible-vault encrypt secrets.yml",
        "ansible-vault encrypt_string --name pw s3cr3t",
        "git-crypt status",
        "git-crypt lock",
        "chezmoi diff",
        "chezmoi managed",
        "chezmoi status",
        "dotenvx ls",
        "dotenvx --version",
        "kubeseal --fetch-cert",
        "kubeseal -o yaml < secret.yaml",
        "sf org list",
        "sf project deploy start",
        "firebase functions:secrets:get STRIPE_KEY",
        "stripe config --help",
        "stripe listen --forward-to localhost:3000",
        "databricks clusters list",
        "rclone config file",
        "rclone ls remote:bucket",
        "railway status",
        "doctl compute droplet list",
        "doctl auth list",
        "cf apps",
        "yarn config get registry",
        "helm secrets --help",
        "helm template chart",
        "ykman info",
        "ykman oath accounts list",
        "conjur whoami",
        "akeyless list-items",
        "transcrypt --list",
        "ejson encrypt secrets.ejson",
        "git config user.email",
        "git config --get user.name",
        "git config --get remote.origin.url",
        "git config --list",
        "git config --get credential.helper",
        "git config --unset github.token",  # (a change: not a print; unset asks where it changes ~/.gitconfig)
        "git config core.hooksPath",
        "composer install",
        "snyk test",
        "keeper get abc",
        "consul members",
        "nomad job status",
        "terragrunt plan",
        "ansible-inventory --graph",
        "ansible-inventory -i inventory --list",
        "bw status",
        "glab mr list",
        "convex dev --once",
        "eas env:list",
        # (`kubelogin convert-kubeconfig` rewrites ~/.kube/config: it asks off the sandbox now,
        # test_client_credentials_written_off_the_sandbox)
        "sst dev",
        "shopify app dev",
        "turso db list",
        "az webapp list -o table",
    ],
)
def test_what_prints_no_secret_stays_auto(command):
    stays_auto_where(command)
