"""External effects by family (SPEC §5 step 6, [beyond]): the rows the red team found missing.

Model and data hubs (Hugging Face's `hf`/`huggingface-cli`, Ollama's registry, DVC's and DataLad's remotes),
git-lfs by its own name (R4.10: the program `git lfs` runs), coverage uploads (Codecov), other version control
that publishes (Perforce, Darcs, Bazaar/Breezy), and SaaS CLIs that change an account's objects (Stripe, the
secret managers 1Password, Doppler and Infisical). Each is capped in auto mode, by the container floor and
under a prefix allow; their reads stay plain, and their `run -- cmd` wrappers judge the command they run.
"""

import pytest

from .helpers import AUTO_MODE, CONTAINER_RUNNING, term

EXTERNAL = [
    "hf upload acme/model .",
    "hf upload-large-folder acme/data ./data --repo-type dataset",
    "hf repo create acme/new",
    "hf repo delete acme/model",
    "hf --token x repo settings acme/model --private",
    "hf jobs run python:3.12 python -c 'print(1)'",
    "huggingface-cli upload acme/model ./out",
    "huggingface-cli repo create acme/new --type dataset",
    "huggingface-cli tag acme/model v1",
    "ollama push acme/llama",
    "dvc push",
    "dvc push -r origin",
    "dvc exp push origin exp-1",
    "datalad push --to origin",
    "datalad publish --to github",
    "datalad create-sibling-github acme/ds",
    "git-lfs push origin main",
    "git-lfs push --all origin",
    "codecov -t $TOKEN",
    "codecovcli upload-process -t x",
    "codecovcli do-upload --report-type coverage",
    "p4 submit -d 'fix'",
    "p4 shelve -c 12",
    "p4 obliterate -y //depot/x/...",
    "darcs push",
    "darcs send",
    "bzr push lp:acme",
    "brz push",
    "stripe customers delete cus_1",
    "stripe products create --name x",
    "stripe post /v1/refunds -d charge=ch_1",
    "stripe trigger payment_intent.succeeded",
    "stripe --api-key sk_live_x subscriptions cancel sub_1",
    "op item create --category login",
    "op item delete x",
    "op vault create shared",
    "op document delete x",
    "doppler secrets set API_KEY=x",
    "doppler secrets delete API_KEY",
    "doppler secrets upload .env",
    "doppler configs create stg",
    "infisical secrets set API_KEY=x",
    "infisical secrets delete API_KEY",
    "doppler run -- npm publish",
    "op run --env-file .env -- npm publish",
    "infisical run -- npm publish",
]
PREFIX_ALLOW = tuple(
    f"Terminal({p})"
    for p in (
        "hf",
        "huggingface-cli",
        "ollama",
        "dvc",
        "datalad",
        "git-lfs",
        "codecov",
        "codecovcli",
        "p4",
        "darcs",
        "bzr",
        "brz",
        "stripe",
        "op",
        "doppler",
        "infisical",
        # R4.8: a secret manager's prefix covers the command it runs only when it names it
        "doppler run -- npm",
        "op run --env-file .env -- npm",
        "infisical run -- npm",
    )
)


@pytest.mark.parametrize("command", EXTERNAL)
def test_each_is_an_external_effect_in_every_mode(command):
    for v in (
        term(command, autonomy=AUTO_MODE),
        term(command, project=CONTAINER_RUNNING),
        term(command, allow=PREFIX_ALLOW),
    ):
        assert v.decision == "require_approval", (command, v.reason)
        assert v.reason == "cap_external_effect", (command, v.reason)


PLAIN = [
    "hf download gpt2",
    "hf auth login",
    "hf cache scan",
    "huggingface-cli download gpt2 --local-dir models",
    "ollama run llama3",
    "ollama pull llama3",
    "ollama list",
    "dvc pull",
    "dvc status",
    "dvc repro",
    "git-lfs ls-files",
    "git-lfs pull",
    "p4 sync",
    "p4 opened",
    "p4 diff",
    "bzr status",
    "darcs whatsnew",
    "stripe listen --forward-to localhost:3000/webhooks",
    "stripe logs tail",
    "op item get x --fields password",
    "op read op://vault/item/field",
    "doppler secrets get API_KEY",
    "doppler run -- npm test",
    "op run --env-file .env -- npm test",
    "infisical run -- npm test",
    "infisical export",
]


@pytest.mark.parametrize("command", PLAIN)
def test_their_reads_and_local_acts_stay_plain(command):
    v = term(command, autonomy=AUTO_MODE)
    assert v.decision == "auto_approve", (command, v.reason, v.message)
