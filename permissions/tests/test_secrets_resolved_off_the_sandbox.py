"""Where it runs (SPEC §5, R4.10, R12.6), session 25: on the developer's machine (``agent``, ``host``) a tool that
prints a secret it keeps or resolves is not auto-approved (auto mode, or behind an allow of every word), as
``serverless print`` and ``kubectl get secret -o yaml`` are not (permissions.commands.secret_keepers,
``cap_path_scope``). The families, each found from one leftover of session 24:

- serverless' ``info`` (the API Gateway keys' values);
- the clouds' reads of a running task's, job's, build's or model's environment and of an instance's user data or
  metadata: ``aws ecs describe-tasks`` (the overrides' environment), ``batch describe-jobs``, ``codebuild
  batch-get-builds``, ``sagemaker describe-model|describe-training-job|describe-processing-job|
  describe-transform-job``, ``ec2 describe-launch-template-versions``, ``autoscaling
  describe-launch-configurations``, ``glue get-job(s)`` (DefaultArguments), ``emr describe-cluster``; ``gcloud
  compute instances|instance-templates|project-info describe`` (the startup-script, the ssh keys), and the
  listings ``compute instances list``, ``run services|jobs list``, ``functions list`` given a ``--format`` that
  prints whole resources -- but for a projection of leaf fields (``--query 'tasks[].lastStatus'``,
  ``--format='value(status)'``); the projections ``overrides``, ``arguments`` and ``metadata`` are no leaves;
- gcloud's HTTP log (``--log-http`` on any gcloud command, and the leading ``CLOUDSDK_CORE_LOG_HTTP=true``
  variable, ``env`` or ``export`` of it, which defeats the projection exemption);
- the configurations rendered with their secrets resolved: ``helmfile template|write-values``, ``build
  --embed-values``, ``diff|apply --show-secrets`` (vals' ``ref+vault://...``); ``kompose convert`` (the compose
  file's ``${VAR}`` interpolated from the shell);
- the key-value stores: ``consul kv export``, ``kv get -recurse``, ``kv get`` of a key naming a secret; ``nomad
  var get``;
- ``kubectl|oc get -f FILE|-k DIR`` in an output showing the objects' data (the file may name a Secret), and
  ``kubectl get --raw`` of a path reaching the secrets;
- npm's and pnpm's ``config get proxy|https-proxy`` (a login in the proxy's URL, as ``pip config get
  global.proxy``). ``npm config list`` stays ordinary: npm >= 11.8 lists the shell's ``HTTP_PROXY`` there
  unredacted, but it is a common diagnostic and the variable is the shell's (friction first).

In Brabo's own sandbox they stay as they were. Also here: aws-sso's ``exec -p PROFILE -- cmd`` runs ``cmd``
(wrappers), and ``aws-sso`` is no hands-on keeper any more, so ``aws-sso eval -p x`` is not read as the shell's
``eval`` (it asked in the sandbox behind an allow of every word).

On the session's base 212 of this file's 402 cases fail: 105 of the 112 attack commands, each on the agent's
machine and the host (the other seven asked there already: ``kubectl get -f secret.yaml -o yaml`` for its file's
name, ``--log-http=true``, the ``https://`` address of ``consul -http-addr=``, and ``kubectl get --raw`` and
``etcdctl get`` of a key read as a path outside the project), and ``aws-sso eval`` behind an allow of every word
in the sandbox (read as the shell's ``eval``); the sandbox cases, the friction cases and ``aws-sso exec`` pass
there.
"""

from __future__ import annotations

import pytest

from permissions.tests.redteam import stays_auto_where

from .helpers import AUTO_MODE, allow_every_word, assert_asks_in_auto_mode, assert_floor_denies, term

PRINTED = [
    # serverless' info: the API keys' values
    "serverless info",
    "sls info",
    "sls info --stage prod",
    "serverless info -s prod -r eu-west-1",
    "serverless info --verbose",
    "sls --stage prod info",
    "npx serverless info",
    "osls info",
    # a task's, a job's, a build's, a model's environment; user data; a job's arguments
    "aws ecs describe-tasks --cluster c --tasks t",
    "aws --region eu-west-1 ecs describe-tasks --cluster c --tasks arn:aws:ecs:x",
    "aws ecs describe-tasks --cluster c --tasks t --query 'tasks[0].overrides'",
    "aws ecs describe-tasks --cluster c --tasks t --query 'tasks[].overrides.containerOverrides[].environment'",
    "aws ecs describe-tasks --cluster c --tasks t --query 'tasks[0]'",
    "aws ecs describe-tasks --cluster c --tasks t --output text",
    "aws ecs describe-tasks --cluster c --tasks t --query 'tasks[].lastStatus' --debug",
    "aws batch describe-jobs --jobs j",
    "aws codebuild batch-get-builds --ids b",
    "aws sagemaker describe-model --model-name m",
    "aws sagemaker describe-training-job --training-job-name t",
    "aws sagemaker describe-processing-job --processing-job-name p",
    "aws sagemaker describe-transform-job --transform-job-name t",
    "aws ec2 describe-launch-template-versions --launch-template-id lt",
    "aws ec2 describe-launch-template-versions --launch-template-id lt"
    " --query 'LaunchTemplateVersions[0].LaunchTemplateData'",
    "aws autoscaling describe-launch-configurations",
    "aws glue get-job --job-name j",
    "aws glue get-jobs",
    "aws glue get-job --job-name j --query Job.DefaultArguments",
    "aws emr describe-cluster --cluster-id c",
    # an instance's, a template's, the project's metadata (startup-script, ssh keys)
    "gcloud compute instances describe vm --zone z",
    "gcloud compute instances describe vm --format=json",
    "gcloud compute instances describe vm --format='value(metadata)'",
    "gcloud compute instances describe vm --format='value(metadata.items)'",
    "gcloud compute instances describe vm --format='value(metadata.items[0].value)'",
    "gcloud compute instances describe vm --format='yaml(metadata)'",
    "gcloud beta compute instances describe vm",
    "gcloud --project p compute instances describe vm --zone=z",
    "gcloud compute project-info describe",
    "gcloud compute project-info describe --format='value(commonInstanceMetadata)'",
    "gcloud compute instance-templates describe t",
    "gcloud compute instances list --format=json",
    "gcloud compute instances list --format yaml",
    "gcloud compute instances list --format='value(metadata.items)'",
    "gcloud compute instances list --format=flattened",
    "gcloud compute instances describe vm"
    " --format='value(metadata.items.filter(key:startup-script).extract(value).flatten())'",
    "gcloud run services list --format=json",
    "gcloud run jobs list --format=export",
    "gcloud functions list --format=yaml",
    # gcloud's HTTP log: every response whole, whatever the projection
    "gcloud run services list --log-http",
    "gcloud compute instances list --log-http",
    "gcloud run services describe svc --format='value(status.url)' --log-http=true",
    "CLOUDSDK_CORE_LOG_HTTP=true gcloud run services describe svc --format='value(status.url)'",
    "CLOUDSDK_CORE_LOG_HTTP=1 gcloud run services list",
    "CLOUDSDK_CORE_LOG_HTTP=True gcloud functions describe f --format='value(url)'",
    "CLOUDSDK_CORE_LOG_HTTP='true' gcloud compute instances list",
    "env CLOUDSDK_CORE_LOG_HTTP=true gcloud run services list",
    "export CLOUDSDK_CORE_LOG_HTTP=true; gcloud run services list",
    "CLOUDSDK_CORE_LOG_HTTP=yes gcloud compute instances describe vm --format='value(status)'",
    # helmfile's releases rendered with their values resolved
    "helmfile template",
    "helmfile -e prod template",
    "helmfile --environment prod template --skip-deps",
    "helmfile -f helmfile.d/ template",
    "helmfile template -l name=api",
    "helmfile write-values",
    "helmfile write-values --output-file-template out/x.yaml",
    "helmfile build --embed-values",
    "helmfile -e prod build --embed-values",
    "helmfile diff --show-secrets",
    # kompose: the compose file's ${VAR} from the shell
    "kompose convert",
    "kompose convert --stdout",
    "kompose -f docker-compose.yml convert",
    "kompose convert -f compose.prod.yml -o k8s/",
    "kompose convert --provider openshift",
    # the key-value stores
    "consul kv get -recurse",
    "consul kv get -recurse app/",
    "consul kv get --recurse=true app",
    "consul kv get -http-addr=https://c:8501 -recurse",
    "consul kv get -token-file t -recurse config/",
    "consul kv export",
    "consul kv export app/",
    "consul kv get app/db/password",
    "consul kv get -detailed service/api/token",
    "nomad var get nomad/jobs/api",
    # a Secret named in a file, or reached by the API's path
    "kubectl get -f secret.yaml -o yaml",
    "kubectl get -f db.yaml -o yaml",
    "kubectl get -f k8s/ -o json",
    "kubectl get -R -f manifests/ -o yaml",
    "kubectl get -Rf manifests/ -o yaml",
    "kubectl get -f - -o yaml",
    "kubectl get -f x.yaml --template '{{.data.password}}'",
    "kubectl get --filename=app.yaml -o yaml",
    "kubectl get -fapp.yaml -oyaml",
    "kubectl get -k overlays/prod -o yaml",
    "kubectl get --kustomize=overlays/prod -o jsonpath='{.items[*].data}'",
    "kubectl -n prod get -f app.yaml --output=json",
    "kubectl get -f https://example.com/x.yaml -o yaml",
    "oc get -f app.yaml -o yaml",
    "kubectl get --raw /api/v1/namespaces/default/secrets/db",
    "kubectl get --raw=/api/v1/secrets",
    # more of the same stores: etcd's values under a prefix, a static web app's deployment token
    "etcdctl get --prefix /registry/",
    "etcdctl get --prefix app",
    "etcdctl get --prefix config/",
    "etcdctl get app/db/password",
    "etcdctl get '' --prefix",
    "etcdctl get --from-key ''",
    "etcdctl --endpoints=https://e:2379 get /app/db-password",
    "az staticwebapp secrets list -n a",
    # a proxy's login in npm's settings
    "npm config get proxy",
    "npm config get https-proxy",
    "npm get proxy",
    "npm c get proxy",
    "pnpm config get https-proxy",
    "npm config get proxy --location user",
]

ORDINARY = [
    "sls info --help",
    "serverless --version",
    "aws ecs describe-tasks --cluster c --tasks t --query 'tasks[].lastStatus'",
    "aws ecs describe-tasks --cluster c --tasks t --query 'tasks[].[taskArn,lastStatus]' --output text",
    "aws ecs list-tasks --cluster c",
    "aws ecs describe-clusters --clusters c",
    "aws batch describe-jobs --jobs j --query 'jobs[].status'",
    "aws codebuild batch-get-builds --ids b --query 'builds[].buildStatus'",
    "aws glue get-job --job-name j --query Job.Name",
    "aws ec2 describe-launch-templates",
    "aws sagemaker list-models",
    "gcloud compute instances list",
    "gcloud compute instances list --format='value(name)'",
    "gcloud compute instances list --format='table(name,zone,status)'",
    "gcloud compute instances describe vm --format='value(status)'",
    "gcloud compute instances describe vm --zone z --format='get(networkInterfaces[0].accessConfigs[0].natIP)'",
    "gcloud compute instances describe vm --format='value(metadata.fingerprint)'",
    "gcloud compute project-info describe --format='value(name)'",
    "gcloud run services list",
    "gcloud run services list --log-http=false",
    "gcloud functions list",
    "gcloud compute zones list",
    "gcloud config list",
    "CLOUDSDK_CORE_LOG_HTTP=false gcloud run services list",
    "CLOUDSDK_CORE_PROJECT=p gcloud run services list",
    "helmfile list",
    "helmfile lint",
    "helmfile deps",
    # (session 26: a bare `helmfile build` prints the rendered state, `requiredEnv` resolved -- it asks off the
    # sandbox now, test_secrets_rendered_and_logged_off_the_sandbox.py)
    "helmfile build --help",
    "helmfile diff",
    "helmfile --help",
    "helmfile template --help",
    "kompose version",
    "kompose convert --help",
    "consul kv get -keys",
    "consul kv get -keys app/",
    "consul kv get app/version",
    "consul members",
    "etcdctl get --prefix --keys-only app",
    "etcdctl get app/version",
    "etcdctl member list",
    "etcdctl endpoint health",
    "az staticwebapp list",
    "nomad var list",
    "nomad job status",
    "kubectl get -f k8s/",
    "kubectl get -f deploy.yaml",
    "kubectl get -f app.yaml -o name",
    "kubectl get -f app.yaml -o wide",
    "kubectl get pods -o wide",
    "kubectl get -Rf manifests/",
    "kubectl get -R -f manifests/ -o name",
    "npm c get registry",
    "consul kv get -recurse=false app/",
    "npm config list",
    "npm config get registry",
    "npm config get cache",
    "npm config get noproxy",
    "pnpm config get registry",
    "aws-sso list",
    "aws-sso exec -p x -- ls",
    "aws-sso exec -p x -- npm test",
]


@pytest.mark.parametrize("runs_in", ["agent", "host"])
@pytest.mark.parametrize("command", PRINTED)
def test_secrets_resolved_ask_off_the_sandbox(command, runs_in):
    assert_asks_in_auto_mode(command, runs_in, "cap_path_scope")


@pytest.mark.parametrize("command", PRINTED)
def test_they_stay_as_they_were_in_the_sandbox(command):
    stays_auto_where(command, ("sandbox",))


@pytest.mark.parametrize("command", ORDINARY)
def test_the_same_tools_ordinary_reads_stay_ordinary(command):
    stays_auto_where(command)


# aws-sso: `exec -p PROFILE -- cmd` is read by the command it runs; `eval` and `process` print its credentials
# off the sandbox only (in the sandbox an allow of every word approves them, as it does `aws-sso-util
# credential-process`).
AWS_SSO_PRINTS = ["aws-sso eval -p x", "aws-sso process -p x", "aws-sso eval --profile x"]


@pytest.mark.parametrize("command", AWS_SSO_PRINTS)
def test_aws_sso_prints_off_the_sandbox_only(command):
    for runs_in in ("agent", "host"):
        v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
        assert (v.decision, v.reason) == ("require_approval", "cap_path_scope"), (command, runs_in, v.reason)
    v = term(command, allow=allow_every_word(command), runs_in="sandbox")
    assert v.decision == "auto_approve", (command, v.reason)


def test_aws_sso_exec_is_read_by_the_command_it_runs():
    assert_floor_denies("aws-sso exec -p x -- rm -rf /")
    for runs_in in ("sandbox", "agent"):
        for command in ("aws-sso exec -p x -- git push", "aws-sso exec --profile x -- git push origin main"):
            v = term(command, autonomy=AUTO_MODE, runs_in=runs_in)
            assert v.decision == "require_approval", (command, runs_in, v.reason)
