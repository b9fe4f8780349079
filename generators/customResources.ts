// The custom resources people run, as their projects' CRDs define them: group, served versions
// (the storage version first), plural, kind, scope and subresources. Each entry names the CRD
// manifest it was read from (repository and path), so that a change upstream can be checked.
import type { ApiResource } from "./apiResources.ts";

const crd = (
  group: string,
  versions: readonly string[],
  resource: string,
  kind: string,
  namespaced: boolean,
  source: string,
  status = true,
): ApiResource => ({
  group,
  versions,
  resource,
  kind,
  namespaced,
  verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
  subresources: status ? [{ name: "status", verbs: ["get", "patch", "update"] }] : [],
  source,
});

const gatewayApi = (plural: string) =>
  `kubernetes-sigs/gateway-api config/crd/standard/gateway.networking.k8s.io_${plural}.yaml`;
const certManager = "cert-manager/cert-manager deploy/crds/";
const promOperator = (plural: string) =>
  `prometheus-operator/prometheus-operator example/prometheus-operator-crd/monitoring.coreos.com_${plural}.yaml`;
const argo = (file: string) => `argoproj/argo-cd manifests/crds/${file}`;
const istio = "istio/istio manifests/charts/base/files/crd-all.gen.yaml";
const kyverno = (file: string) => `kyverno/kyverno config/crds/kyverno/${file}`;

export const customResources: readonly ApiResource[] = [
  // Gateway API: a CRD group under k8s.io (api-approved.kubernetes.io), served by no built-in server.
  crd("gateway.networking.k8s.io", ["v1", "v1beta1"], "gateways", "Gateway", true, gatewayApi("gateways")),
  crd(
    "gateway.networking.k8s.io",
    ["v1", "v1beta1"],
    "gatewayclasses",
    "GatewayClass",
    false,
    gatewayApi("gatewayclasses"),
  ),
  crd("gateway.networking.k8s.io", ["v1", "v1beta1"], "httproutes", "HTTPRoute", true, gatewayApi("httproutes")),
  crd("gateway.networking.k8s.io", ["v1"], "grpcroutes", "GRPCRoute", true, gatewayApi("grpcroutes")),
  crd(
    "gateway.networking.k8s.io",
    ["v1beta1"],
    "referencegrants",
    "ReferenceGrant",
    true,
    gatewayApi("referencegrants"),
    false,
  ),
  // cert-manager.
  crd("cert-manager.io", ["v1"], "certificates", "Certificate", true, `${certManager}crd-certificates.yaml`),
  crd("cert-manager.io", ["v1"], "issuers", "Issuer", true, `${certManager}crd-issuers.yaml`),
  crd("cert-manager.io", ["v1"], "clusterissuers", "ClusterIssuer", false, `${certManager}crd-clusterissuers.yaml`),
  crd(
    "cert-manager.io",
    ["v1"],
    "certificaterequests",
    "CertificateRequest",
    true,
    `${certManager}crd-certificaterequests.yaml`,
  ),
  // Prometheus operator: Prometheus -> prometheuses, not derivable by adding an "s".
  crd("monitoring.coreos.com", ["v1"], "prometheuses", "Prometheus", true, promOperator("prometheuses")),
  crd("monitoring.coreos.com", ["v1"], "alertmanagers", "Alertmanager", true, promOperator("alertmanagers")),
  crd(
    "monitoring.coreos.com",
    ["v1"],
    "servicemonitors",
    "ServiceMonitor",
    true,
    promOperator("servicemonitors"),
    false,
  ),
  crd("monitoring.coreos.com", ["v1"], "podmonitors", "PodMonitor", true, promOperator("podmonitors"), false),
  crd(
    "monitoring.coreos.com",
    ["v1"],
    "prometheusrules",
    "PrometheusRule",
    true,
    promOperator("prometheusrules"),
    false,
  ),
  // Argo CD: Application has no status subresource in its CRD (the controller writes the object).
  crd("argoproj.io", ["v1alpha1"], "applications", "Application", true, argo("application-crd.yaml"), false),
  crd("argoproj.io", ["v1alpha1"], "applicationsets", "ApplicationSet", true, argo("applicationset-crd.yaml")),
  crd("argoproj.io", ["v1alpha1"], "appprojects", "AppProject", true, argo("appproject-crd.yaml"), false),
  // Istio: networking.istio.io serves Gateway too, a kind also served by gateway.networking.k8s.io.
  crd("networking.istio.io", ["v1", "v1beta1", "v1alpha3"], "virtualservices", "VirtualService", true, istio),
  crd("networking.istio.io", ["v1", "v1beta1", "v1alpha3"], "destinationrules", "DestinationRule", true, istio),
  crd("networking.istio.io", ["v1", "v1beta1", "v1alpha3"], "gateways", "Gateway", true, istio),
  // Kyverno: ClusterPolicy -> clusterpolicies, Policy -> policies.
  crd("kyverno.io", ["v1"], "clusterpolicies", "ClusterPolicy", false, kyverno("kyverno.io_clusterpolicies.yaml")),
  crd("kyverno.io", ["v1"], "policies", "Policy", true, kyverno("kyverno.io_policies.yaml")),
  crd(
    "wgpolicyk8s.io",
    ["v1alpha2"],
    "policyreports",
    "PolicyReport",
    true,
    "kyverno/kyverno config/crds/policyreport/wgpolicyk8s.io_policyreports.yaml",
    false,
  ),
  // Gatekeeper: a ConstraintTemplate is cluster-scoped, its Config lives in gatekeeper-system.
  crd(
    "templates.gatekeeper.sh",
    ["v1", "v1beta1"],
    "constrainttemplates",
    "ConstraintTemplate",
    false,
    "open-policy-agent/gatekeeper config/crd/bases/templates.gatekeeper.sh_constrainttemplates.yaml",
  ),
  crd(
    "config.gatekeeper.sh",
    ["v1alpha1"],
    "configs",
    "Config",
    true,
    "open-policy-agent/gatekeeper config/crd/bases/config.gatekeeper.sh_configs.yaml",
    false,
  ),
];
