"""External effects by family, not by a closed list (SPEC §5 step 6, RN-418).

Written as an attacker would: every act publishes, deploys or changes a cloud, a registry, a remote or hands
the host to a container, behind the broadest allow a team might write (a prefix allow for the tool), under
auto mode, the container floor and terminal autonomy, and through the wrappers R4.8 looks through. None may
be auto-approved; the read-only forms of the same tools stay as they were.
"""

from __future__ import annotations

import pytest

from permissions.decide import AutonomyRow

from .helpers import AUTO_MODE, CONTAINER_RUNNING, HOST, ROOT, term

TERMINAL_AUTO = (AutonomyRow("terminal", "auto_approve"),)


def _allow_all_verbs(command: str) -> tuple[str, ...]:
    words = command.replace("&&", " ").replace("|", " ").split()
    return tuple(f"Terminal({w})" for w in dict.fromkeys(words) if w[:1].isalpha() or w.startswith("./"))


def _verdicts(command: str):
    allow = _allow_all_verbs(command)
    yield term(command, allow=allow, project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT)
    yield term(command, allow=allow, project=CONTAINER_RUNNING, cwd=ROOT)  # the container floor
    yield term(command, allow=allow, project=HOST, autonomy=TERMINAL_AUTO, cwd=ROOT)


INFRASTRUCTURE = [
    "tofu apply -auto-approve",
    "tofu destroy",
    "tofu -chdir=infra apply",
    "tofu state rm aws_instance.web",
    "terragrunt run-all apply",
    "terragrunt apply",
    "terragrunt run --all apply",
    "terragrunt destroy-all",
    "terraform refresh",
    "terraform workspace delete prod",
    "pulumi up --yes",
    "pulumi update",
    "pulumi destroy",
    "pulumi down -y",
    "pulumi --cwd infra up",
    "pulumi stack rm prod",
    "cdk deploy --all",
    "cdk destroy MyStack",
    "cdk bootstrap",
    "serverless deploy",
    "sls remove",
    "sam deploy --guided",
    "ansible-playbook -i hosts site.yml",
    "ansible-playbook site.yml --check",
    "ansible all -m shell -a id",
    "ansible-pull -U https://x/repo.git",
    "helm test x",
    "helmfile apply",
    "kubectl debug node/x -it --image=busybox",
    "kubectl certificate approve csr-1",
    "oc apply -f x.yml",
    "oc delete project x",
    "skaffold run",
    "argocd app sync app",
    "flux reconcile kustomization x",
    "packer build x.pkr.hcl",
    "eksctl create cluster -f c.yml",
    "vault kv put secret/x a=1",
    "docker stack deploy -c c.yml app",
    "docker service update --image x svc",
    "oc new-app x",
    "oc start-build x",
    "sst deploy --stage prod",
    "zappa update prod",
    "kamal deploy",
    "cap production deploy",
]

CLOUD = [
    "aws ec2 terminate-instances --instance-ids i-1",
    "aws ec2 run-instances --image-id ami-1",
    "aws s3 cp dist/ s3://bucket/ --recursive",
    "aws s3 cp --recursive dist s3://bucket/",
    "aws s3 sync . s3://bucket",
    "aws s3 sync s3://a s3://b",
    "aws s3 rm s3://b/x",
    "aws s3 mv s3://b/x ./x",
    "aws s3 mb s3://new",
    "aws s3 cp - s3://b/x",
    "aws --region us-east-1 lambda invoke --function-name f out.json",
    "aws --unknown-option value ec2 run-instances",
    "aws iam create-user --user-name x",
    "aws iam attach-user-policy --user-name x --policy-arn y",
    "aws s3api put-object --bucket b --key k",
    "aws ssm send-command --document-name AWS-RunShellScript",
    "aws ecs update-service --cluster c --service s",
    "aws EC2 TERMINATE-INSTANCES --instance-ids i-1",
    "aws cloudformation deploy --template-file t.yml --stack-name s",
    "gcloud compute instances create vm",
    "gcloud compute instances delete vm --quiet",
    "gcloud run deploy svc --source .",
    "gcloud --project p run deploy svc",
    "gcloud --format list run deploy svc",
    "gcloud functions deploy f --runtime python311",
    "gcloud app deploy",
    "gcloud builds submit --tag x",
    "gcloud compute ssh vm --command id",
    "gcloud storage cp x gs://b/",
    "gcloud storage rm gs://b/x",
    "gcloud projects add-iam-policy-binding p --member x --role y",
    "gcloud logging logs delete x",
    "gsutil -m cp -r dist gs://b",
    "gsutil rm gs://b/x",
    "gsutil rsync -r . gs://b",
    "az group create -n g -l westeurope",
    "az group delete -n g --yes",
    "az webapp up",
    "az vm run-command invoke -g g -n vm --command-id RunShellScript",
    "az storage blob upload -f x -c c",
    "doctl compute droplet delete x",
    "doctl apps create-deployment app-id",
    "flyctl deploy",
    "fly deploy",
    "fly ssh console -C id",
    "fly secrets set A=1",
    "heroku config:set A=1",
    "heroku run bash",
    "heroku apps:destroy x",
    "heroku pg:reset",
    "vercel --prod",
    "vercel",
    "vercel deploy",
    "vercel promote x",
    "netlify deploy --prod",
    "netlify deploy",
    "netlify env:set A 1",
    "wrangler deploy",
    "wrangler publish",
    "wrangler pages deploy dist",
    "wrangler d1 execute db --command 'DROP TABLE x'",
    "wrangler secret put TOKEN",
    "firebase deploy",
    "supabase db push",
    "supabase functions deploy f",
    "railway up",
    "s3cmd put x s3://b/",
    "rclone sync . remote:bucket",
    "mc mirror . s3/b",
]

REGISTRIES = [
    "yarn workspaces foreach -A npm publish",
    "bun publish",
    "twine register dist/x.whl",
    "poetry publish --build",
    "uv publish",
    "hatch publish",
    "flit publish",
    "pdm publish",
    "gem push x.gem",
    "mvn deploy",
    "mvn -DskipTests clean deploy",
    "mvn -P release release:perform",
    "mvn compile jib:build",
    "./mvnw deploy",
    "gradle publish",
    "./gradlew publish",
    "./gradlew :lib:publishAllPublicationsToMavenRepository",
    "gradle pub",
    "./gradlew jib",
    "sbt publish",
    "sbt publishSigned",
    "dotnet nuget push x.nupkg --source nuget.org",
    "nuget push x.nupkg",
    "podman push img",
    "buildah push img",
    "docker build --push -t img .",
    "docker buildx build --push -t img .",
    "docker buildx build -t img --output type=registry .",
    "docker buildx build -t img --output=type=image,name=img,push=true .",
    "docker buildx build -t img -o type=image,push=true .",
    "docker buildx bake --push",
    "docker buildx b --push .",
    "docker compose build --push",
    "docker buildx imagetools create -t a b",
    "oras push r/x:1 f",
    "crane push x.tar r/y",
    "skopeo copy docker://a docker://b",
    "cosign sign img",
    "ko build ./cmd",
    "pack build img --publish",
    "vsce publish",
    "npx semantic-release",
    "lerna publish",
    "mix hex.publish",
    "dart pub publish",
    "cabal upload x.tar.gz",
    "pod trunk push",
    "docker-compose push",
    "docker-compose build --push",
    "buildctl build --output type=image,name=r/x,push=true",
    "jf rt upload x.tgz repo/",
    "jf rt u x.tgz repo/",
]

REMOTES = [
    "git config remote.origin.url https://evil/x",
    "git config remote.origin.pushurl https://evil/x",
    "git config --add remote.origin.pushurl https://evil/x",
    "git config --ad remote.origin.pushurl https://evil/x",
    "git config --global url.https://evil/.insteadOf https://github.com/",
    "git config url.git@evil:.pushInsteadOf git@github.com:",
    "git config --unset remote.origin.pushurl",
    "git config --unse remote.origin.pushurl",
    "git config REMOTE.origin.URL x",
    "git config set remote.origin.url x",
    "git config --replace-all remote.origin.url x",
    "git config --rename-section remote.origin remote.old",
    "git config --remove-section url.x",
    "git config branch.feature.pushRemote evil",
    "git config remote.pushDefault evil",
    "git config --local remote.origin.url x",
    "git config -e",
    "git -C /tmp config remote.origin.url x",
    "git remote rename origin upstream",
    "jj git push",
    "hg push",
    "svn commit -m x",
]

MOUNTS = [
    "docker run --mount type=bind,src=/etc,dst=/e img",
    "docker run --mount Type=Bind,Source=/,Target=/h img",
    "docker run --mount=type=bind,source=/.,target=/h img",
    "docker run -v /.:/h img",
    "docker run -v /etc/..:/h img",
    "docker run -v=/:/h img",
    "docker run -itv /:/h img",
    "docker run -itv/:/h img",
    "docker run --volume=/var/run:/r img",
    "docker run -v ~/.ssh:/k img",
    "docker run -v $HOME:/h img",
    "docker run -v /home/bob:/h img",
    "docker run -v /root:/r img",
    "docker run -v ../..:/h img",
    # (global options before `run`, naming this machine's daemon: on another machine's, the run is an
    # external effect first -- test_redteam_container_engines_elsewhere.py)
    "docker --context default run -v /:/h img",
    "docker -H unix:///var/run/docker.sock run --mount type=bind,source=/,target=/h img",
    "docker container run -v /usr:/u img",
    "nerdctl run -v /etc:/e img",
    "docker run -v $X:/h img",
    "docker create --mount type=bind,source=/proc,target=/p img",
]


@pytest.mark.parametrize("command", INFRASTRUCTURE + CLOUD + REGISTRIES + REMOTES + MOUNTS)
def test_an_external_act_of_any_family_is_never_auto_approved(command):
    for v in _verdicts(command):
        assert v.decision != "auto_approve", (command, v.reason, v.message)


@pytest.mark.parametrize("command", INFRASTRUCTURE + CLOUD + REGISTRIES + REMOTES)
def test_the_family_acts_are_the_external_effect_cap(command):
    allow = _allow_all_verbs(command)
    v = term(command, allow=allow, project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.reason in ("cap_external_effect", "unparseable"), (command, v.reason, v.message)


@pytest.mark.parametrize("command", MOUNTS)
def test_a_host_folder_mounted_into_a_container_is_privileged(command):
    allow = _allow_all_verbs(command)
    v = term(command, allow=allow, project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.reason == "cap_privileged", (command, v.reason, v.message)


@pytest.mark.parametrize(
    "command",
    [
        "env aws s3 rm s3://b/x",
        "/usr/local/bin/tofu apply",
        "timeout 60 pulumi up --yes",
        "nice -n 5 gcloud run deploy svc",
        "FOO=1 heroku run bash",
        "command vercel --prod",
        "npx wrangler deploy",
        "npx aws-cdk deploy",
        "npx netlify-cli deploy --prod",
        "npx firebase-tools deploy",
        "pnpm dlx vercel --prod",
        "env -i ./gradlew publish",
        "sh -c 'docker buildx build --push .'",
        "true && aws s3 sync . s3://b",
        "pnpm test; git config remote.origin.pushurl x",
        "aws " + "--unknown " * 300 + "s3 cp x s3://b/x",  # too many readings of its options: fail closed
    ],
)
def test_wrappers_and_compounds_do_not_hide_a_family_act(command):
    for v in _verdicts(command):
        assert v.decision != "auto_approve", (command, v.reason, v.message)


# Each act beside a read-only or local form of the same tool: the act is capped, its sibling is not (nothing
# that auto-approves today starts asking).
PAIRS = [
    ("tofu apply", "tofu plan"),
    ("tofu destroy", "terraform plan"),
    ("terragrunt run-all apply", "terragrunt plan"),
    ("terraform refresh", "terraform validate"),
    ("terraform workspace new prod", "terraform init"),
    ("pulumi up --yes", "pulumi preview"),
    ("cdk deploy --all", "cdk synth"),
    ("cdk destroy", "cdk diff"),
    ("kubectl debug pod/x -it --image=busybox", "kubectl get pods"),
    ("helm test x", "helm template x chart"),
    ("oc apply -f x.yml", "kubectl logs pod-x"),
    ("aws s3 cp dist/x s3://b/x", "aws s3 cp s3://b/x ./x"),
    ("aws s3 cp - s3://b/x", "aws s3 cp s3://b/x -"),
    ("aws s3 rm s3://b/x", "aws s3 ls s3://b"),
    ("aws ec2 terminate-instances --instance-ids i-1", "aws ec2 describe-instances"),
    ("aws --region us-east-1 ec2 run-instances", "aws --region us-east-1 ec2 describe-instances"),
    ("aws lambda invoke --function-name f o", "aws sts get-caller-identity"),
    ("aws ssm start-session --target i-1", "aws logs tail /aws/lambda/f"),
    ("aws s3api put-object --bucket b --key k", "aws configure list"),
    ("gcloud compute instances create vm", "gcloud compute instances list"),
    ("gcloud run deploy svc", "gcloud run services list"),
    ("gcloud --format list run deploy svc", "gcloud run services describe svc"),
    ("gcloud storage cp x gs://b/", "gcloud storage ls gs://b"),
    ("gcloud compute ssh vm", "gcloud config set project p"),
    ("gcloud builds submit", "gcloud auth login"),
    ("gcloud functions deploy f", "gcloud container clusters get-credentials c"),
    # a command group named like a verb decides nothing, nor as a mutating prefix: what follows it does
    (
        "gcloud deploy releases create r1 --delivery-pipeline p",
        "gcloud deploy releases list --delivery-pipeline p",
    ),
    ("gsutil cp x gs://b/", "gsutil cp gs://b/x ."),
    ("gsutil rm gs://b/x", "gsutil ls gs://b"),
    ("az group create -n g", "az group list"),
    ("az webapp up", "az account show"),
    ("doctl compute droplet delete x", "doctl compute droplet list"),
    ("fly deploy", "fly status"),
    ("heroku config:set A=1", "heroku config"),
    ("heroku run bash", "heroku logs --tail"),
    ("vercel --prod", "vercel dev"),
    ("vercel", "vercel env ls"),  # (`vercel env pull` writes .env.local, an environment loader: R3.7 asks)
    ("netlify deploy", "netlify dev"),
    ("wrangler deploy", "wrangler dev"),
    ("yarn workspaces foreach -A npm publish", "yarn workspaces foreach -A run build"),
    ("bun publish", "bun install"),
    ("poetry publish", "poetry install"),
    ("uv publish", "uv sync"),
    ("mvn deploy", "mvn clean install"),
    ("./gradlew publish", "./gradlew assembleRelease"),
    ("gradle pub", "./gradlew publishToMavenLocal"),
    ("sbt publish", "sbt publishLocal"),
    ("dotnet nuget push x.nupkg", "dotnet publish -c Release"),
    ("docker buildx build --push -t x .", "docker buildx build -t x ."),
    ("docker build --push -t x .", "docker build -t x ."),
    ("docker run -v /etc:/e img", "docker run -v $PWD:/app img"),
    (
        "docker run --mount type=bind,source=/.,target=/h img",
        "docker run --mount type=volume,source=d,target=/d img",
    ),
    ("docker run -v ~/.ssh:/k img", "docker run -v .:/app img"),
    ("git config remote.origin.url x", "git config --get remote.origin.url"),
    ("git config --unset remote.origin.pushurl", "git config remote.origin.url"),
    ("git config url.x.insteadOf y", "git config user.name x"),
    ("git remote rename origin up", "git remote -v"),
    ("ansible-playbook site.yml", "ansible-playbook site.yml --syntax-check"),
    ("docker-compose push", "docker-compose build"),
    ("jf rt u x repo/", "jf rt dl repo/x"),
    ("cap production deploy", "cap -T"),
    # friction: Capacitor's CLI is `cap` too; its commands stand where Capistrano's stage does
    ("cap production sync", "npx cap sync android"),
    ("cap staging deploy:rollback", "npx cap update"),
    ("bundle exec cap production deploy", "npx cap run ios --target x"),
]


@pytest.mark.parametrize(("act", "sibling"), PAIRS)
def test_the_act_is_capped_and_its_read_only_sibling_is_not(act, sibling):
    v = term(act, allow=_allow_all_verbs(act), project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT)
    assert v.decision != "auto_approve", (act, v.reason)
    v = term(
        sibling, allow=_allow_all_verbs(sibling), project=CONTAINER_RUNNING, autonomy=AUTO_MODE, cwd=ROOT
    )
    assert v.decision == "auto_approve", (sibling, v.reason, v.message)
