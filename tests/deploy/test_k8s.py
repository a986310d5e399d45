"""deploy/k8s: manifests parse, one Deployment per backend x device class with grpc.health.v1
probes and GPU requests, and each Deployment's ports, probes and labels match its headless Service."""

from __future__ import annotations

import re

import pytest
import yaml

from .util import BACKENDS, K8S, as_argv, flag

MANIFESTS = sorted(p for p in K8S.rglob("*.yaml") if p.name != "kustomization.yaml")
KUSTOMIZATIONS = sorted(K8S.rglob("kustomization.yaml"))


def _docs(path):
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d is not None]
    assert docs, path
    return docs


def _all_objects():
    out = []
    for p in MANIFESTS:
        out += [(p, d) for d in _docs(p)]
    return out


def _pairs():
    """(file, Deployment, Service) for every worker manifest."""
    pairs = []
    for p in MANIFESTS:
        if p.parent.name == "gateway":  # the HTTP gateway: tests/deploy/test_gateway.py
            continue
        docs = _docs(p)
        deps = [d for d in docs if d["kind"] == "Deployment"]
        svcs = [d for d in docs if d["kind"] == "Service"]
        if deps or svcs:
            assert len(deps) == 1 and len(svcs) == 1, f"{p.name}: one Deployment + one Service"
            pairs.append((p, deps[0], svcs[0]))
    return pairs


PAIRS = _pairs()


def test_every_object_is_well_formed():
    for path, obj in _all_objects():
        assert obj.get("apiVersion") and obj.get("kind"), path
        assert re.match(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", obj["metadata"]["name"]), path


def test_one_deployment_per_backend_and_device_class():
    seen = set()
    for _, dep, _ in PAIRS:
        labels = dep["metadata"]["labels"]
        key = (labels["ivy/backend"], labels["ivy/device-class"])
        assert key not in seen
        seen.add(key)
    assert {b for b, _ in seen} == set(BACKENDS)
    assert {(b, "cpu") for b in BACKENDS} <= seen
    assert {(b, "gpu") for b in BACKENDS if b != "numpy"} <= seen
    assert ("numpy", "gpu") not in seen


def test_kustomizations_list_every_manifest():
    listed = set()
    for k in KUSTOMIZATIONS:
        doc = yaml.safe_load(k.read_text())
        assert doc["kind"] == "Kustomization" and doc.get("namespace") == "ivy"
        for r in doc["resources"]:
            target = (k.parent / r).resolve()
            assert target.exists(), f"{k}: {r} missing"
            if target.is_dir():
                assert (target / "kustomization.yaml").exists()
            else:
                assert target.parent == k.parent, "kustomize loads no file outside its root"
                listed.add(target)
    assert listed == {p.resolve() for p in MANIFESTS}


@pytest.mark.parametrize(("path", "dep", "svc"), PAIRS, ids=[p.stem + "-" + p.parent.name
                                                             for p, _, _ in PAIRS])
def test_deployment_matches_its_headless_service(path, dep, svc):
    labels = dep["metadata"]["labels"]
    backend, dclass = labels["ivy/backend"], labels["ivy/device-class"]
    assert path.parent.name == dclass and path.stem == backend
    name = f"ivy-{backend}-{dclass}"
    assert dep["metadata"]["name"] == svc["metadata"]["name"] == name

    # selectors: Deployment selector == Service selector, and both select the pod template
    selector = dep["spec"]["selector"]["matchLabels"]
    pod_labels = dep["spec"]["template"]["metadata"]["labels"]
    assert svc["spec"]["selector"] == selector
    assert selector.items() <= pod_labels.items()
    assert {"ivy/backend": backend, "ivy/device-class": dclass}.items() <= selector.items()

    # headless: DNS answers with every ready pod, so dns:/// + round_robin balances calls
    assert svc["spec"]["clusterIP"] == "None"
    assert not svc["spec"].get("publishNotReadyAddresses", False)

    (container,) = dep["spec"]["template"]["spec"]["containers"]
    argv = as_argv(container["args"])
    assert flag(argv, "--backend") == backend
    device = flag(argv, "--device")
    assert device == ("gpu:0" if dclass == "gpu" else "cpu")
    assert flag(argv, "--host") == "0.0.0.0"
    assert container["image"] == f"ivy-worker:{backend}-{'cuda' if dclass == 'gpu' else 'cpu'}"
    grpc_port, metrics_port = int(flag(argv, "--port")), int(flag(argv, "--metrics-port"))
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports == {"grpc": grpc_port, "metrics": metrics_port}

    # a headless Service does no port translation: its ports must be the container's
    svc_ports = {p["name"]: p for p in svc["spec"]["ports"]}
    assert set(svc_ports) == {"grpc", "metrics"}
    for pname, p in svc_ports.items():
        assert p["port"] == ports[pname] and p["targetPort"] in (pname, ports[pname])
    assert svc_ports["grpc"].get("appProtocol") == "grpc"

    # probes: Kubernetes' native grpc probes (grpc.health.v1) on the worker's port
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        spec = container[probe]
        assert spec["grpc"]["port"] == grpc_port, probe
        assert spec["grpc"].get("service", "") == ""
    assert container["livenessProbe"]["failureThreshold"] >= container["readinessProbe"][
        "failureThreshold"]

    annotations = dep["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(metrics_port)

    # GPU requests on GPU pods only
    res = container["resources"]
    gpu_req = res.get("requests", {}).get("nvidia.com/gpu")
    gpu_lim = res.get("limits", {}).get("nvidia.com/gpu")
    if dclass == "gpu":
        assert gpu_req == gpu_lim == 1
    else:
        assert gpu_req is None and gpu_lim is None
    assert "memory" in res["limits"] and "memory" in res["requests"]

    # auth token from a Secret, never inline; non-root
    env = {e["name"]: e for e in container["env"]}
    assert flag(argv, "--auth-token-env") == "IVY_AUTH_TOKEN"
    assert env["IVY_AUTH_TOKEN"]["valueFrom"]["secretKeyRef"] == {"name": "ivy-auth",
                                                                  "key": "token"}
    pod_sec = dep["spec"]["template"]["spec"]["securityContext"]
    assert pod_sec["runAsNonRoot"] is True and pod_sec["runAsUser"] != 0
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    if container["securityContext"].get("readOnlyRootFilesystem"):
        mounts = {m["mountPath"] for m in container["volumeMounts"]}
        assert "/tmp" in mounts  # the sandbox and framework caches need a writable temp dir


# Field names of the Kubernetes API objects these manifests use (a subset of the API: a typo such
# as `readinesProbe` would be rejected by `kubectl apply`'s strict validation, so reject it here).
K8S_FIELDS = {
    "Deployment": {"apiVersion", "kind", "metadata", "spec"},
    "Service": {"apiVersion", "kind", "metadata", "spec"},
    "Namespace": {"apiVersion", "kind", "metadata", "spec"},
    "metadata": {"name", "namespace", "labels", "annotations"},
    "DeploymentSpec": {"replicas", "selector", "template", "strategy", "minReadySeconds",
                       "revisionHistoryLimit", "progressDeadlineSeconds", "paused"},
    "PodTemplate": {"metadata", "spec"},
    "PodSpec": {"containers", "initContainers", "volumes", "securityContext", "tolerations",
                "nodeSelector", "affinity", "terminationGracePeriodSeconds", "serviceAccountName",
                "runtimeClassName", "priorityClassName", "imagePullSecrets",
                "topologySpreadConstraints", "automountServiceAccountToken"},
    "PodSecurityContext": {"runAsNonRoot", "runAsUser", "runAsGroup", "fsGroup",
                           "seccompProfile", "supplementalGroups"},
    "Container": {"name", "image", "imagePullPolicy", "command", "args", "env", "envFrom",
                  "ports", "startupProbe", "readinessProbe", "livenessProbe", "resources",
                  "securityContext", "volumeMounts", "workingDir", "lifecycle"},
    "ContainerPort": {"name", "containerPort", "protocol", "hostPort", "hostIP"},
    "EnvVar": {"name", "value", "valueFrom"},
    "Probe": {"grpc", "httpGet", "tcpSocket", "exec", "initialDelaySeconds", "periodSeconds",
              "timeoutSeconds", "failureThreshold", "successThreshold",
              "terminationGracePeriodSeconds"},
    "GRPCAction": {"port", "service"},
    "Resources": {"requests", "limits", "claims"},
    "SecurityContext": {"allowPrivilegeEscalation", "readOnlyRootFilesystem", "capabilities",
                        "runAsNonRoot", "runAsUser", "runAsGroup", "privileged",
                        "seccompProfile"},
    "Toleration": {"key", "operator", "value", "effect", "tolerationSeconds"},
    "Volume": {"name", "emptyDir", "configMap", "secret", "persistentVolumeClaim"},
    "VolumeMount": {"name", "mountPath", "readOnly", "subPath"},
    "ServiceSpec": {"clusterIP", "selector", "ports", "type", "publishNotReadyAddresses",
                    "sessionAffinity", "internalTrafficPolicy"},
    "ServicePort": {"name", "port", "targetPort", "protocol", "appProtocol", "nodePort"},
}


def _check_fields(kind: str, obj: dict, where: str) -> list[str]:
    unknown = set(obj) - K8S_FIELDS[kind]
    return [f"{where}: unknown {kind} field(s) {sorted(unknown)}"] if unknown else []


def _field_errors(obj: dict) -> list[str]:
    errs = _check_fields(obj["kind"], obj, obj["kind"])
    errs += _check_fields("metadata", obj["metadata"], "metadata")
    if obj["kind"] == "Service":
        spec = obj["spec"]
        errs += _check_fields("ServiceSpec", spec, "spec")
        for p in spec["ports"]:
            errs += _check_fields("ServicePort", p, "spec.ports")
    if obj["kind"] == "Deployment":
        spec = obj["spec"]
        errs += _check_fields("DeploymentSpec", spec, "spec")
        errs += _check_fields("PodTemplate", spec["template"], "spec.template")
        errs += _check_fields("metadata", spec["template"]["metadata"], "template.metadata")
        pod = spec["template"]["spec"]
        errs += _check_fields("PodSpec", pod, "pod")
        errs += _check_fields("PodSecurityContext", pod.get("securityContext", {}), "pod")
        for t in pod.get("tolerations", []):
            errs += _check_fields("Toleration", t, "tolerations")
        for v in pod.get("volumes", []):
            errs += _check_fields("Volume", v, "volumes")
        for c in pod["containers"]:
            errs += _check_fields("Container", c, "container")
            errs += _check_fields("SecurityContext", c.get("securityContext", {}), "container")
            errs += _check_fields("Resources", c.get("resources", {}), "resources")
            for p in c.get("ports", []):
                errs += _check_fields("ContainerPort", p, "ports")
            for e in c.get("env", []):
                errs += _check_fields("EnvVar", e, "env")
            for m in c.get("volumeMounts", []):
                errs += _check_fields("VolumeMount", m, "volumeMounts")
            for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
                if probe in c:
                    errs += _check_fields("Probe", c[probe], probe)
                    errs += _check_fields("GRPCAction", c[probe].get("grpc", {}), probe)
    return errs


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_manifests_use_only_known_api_fields(path):
    errs = [e for d in _docs(path) for e in _field_errors(d)]
    assert not errs, errs


def test_field_check_can_fail():
    (_, dep, _) = PAIRS[0]
    import copy

    bad = copy.deepcopy(dep)
    bad["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {}
    assert _field_errors(bad)
