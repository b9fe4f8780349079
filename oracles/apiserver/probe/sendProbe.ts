// A query's own request, sent dryRun=All as its user, and the decision read from the reply.
import type { KubeHttp, Reply } from "../controlPlane/kubeHttp.ts";
import { ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import { bodyOf, oldName } from "../request/body.ts";
import { labelled, labelsOf } from "../request/labelled.ts";
import { restPath } from "../request/resources.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import { readOutcome } from "./readOutcome.ts";
import type { SchemaWait } from "./schemaWait.ts";
import { schemaNotLearnt, untilSchemaLearnt } from "./schemaWait.ts";

/**
 * Sends w's request if it is still to be probed, and sets w.answer from the reply; asked again
 * while the server has not learnt its CRD's schema (schemaWait.ts), for as long as `wait` allows.
 */
export async function sendProbe(http: KubeHttp, w: Work, wait: SchemaWait): Promise<void> {
  if (w.state !== "probe") return;
  if (w.r.sub !== undefined) return sendSubresource(http, w);
  const { reply: r, waitedMs } = await untilSchemaLearnt(() => sendRequest(http, w), wait);
  w.answer = readOutcome(r, w.names, w.query.subject, w.params?.paramKind !== undefined);
  if (schemaNotLearnt(r))
    w.answer = skipped(
      `the probe failed with HTTP 503 after waiting for the server to learn its CRD's schema: asked again for ${(waitedMs / 1000).toFixed(1)} s, ${statusMessage(r)}`,
    );
  // A mutating policy's DELETE probe denies only if its plugin was handed the DELETE and it
  // matched (subject/mutatingProbe.ts deleteConditionName): admitted, it did not match.
  if (w.query.subject.kind === "MutatingAdmissionPolicy" && w.query.request.operation === "DELETE" && !ok(r))
    w.answer = skipped(
      `a MutatingAdmissionPolicy's DELETE probe was denied (HTTP ${r.status}), which tells no decision: ${statusMessage(r)}`,
    );
}

async function sendSubresource(http: KubeHttp, w: Work): Promise<void> {
  const req = w.query.request;
  const sub = w.r.sub;
  if (sub === undefined) return;
  const s = sub.send(req, w.stored);
  const r = await http.call(
    s.method,
    `${restPath(req.resource, w.r.namespaced, req.namespace ?? "", req.name)}/${sub.name}`,
    { impersonate: w.user.impersonation, query: s.query, ...(s.body !== undefined && { body: s.body }) },
  );
  w.answer = readOutcome(r, w.names, w.query.subject, w.params?.paramKind !== undefined);
  // A CONNECT passes admission, then finds no parent: admission decided noMatch.
  if (sub.parent === "none" && r.status === 404 && w.answer.answer === "skipped")
    w.answer = { answer: "outcome", outcome: { outcome: "noMatch" } };
}

function sendRequest(http: KubeHttp, w: Work): Promise<Reply> {
  const req = w.query.request;
  const ns = req.namespace ?? "";
  const coll = restPath(req.resource, w.r.namespaced, ns);
  const call = { query: { dryRun: "All" }, impersonate: w.user.impersonation };
  switch (req.operation) {
    case "CREATE":
      return http.call("POST", coll, { ...call, body: labelled(bodyOf(req, req.object, w.r), w) });
    case "UPDATE": {
      const stored = w.stored ?? {};
      const md = stored.metadata as Record<string, unknown>;
      const want = (req.object?.metadata ?? {}) as Record<string, unknown>;
      const body = {
        ...stored,
        metadata: { ...md, labels: labelsOf(want.labels ?? {}, w), annotations: want.annotations ?? {} },
      };
      return http.call("PUT", restPath(req.resource, w.r.namespaced, ns, req.name), { ...call, body });
    }
    default:
      // Without a name: a deletecollection's item (rest.AdmissionToValidateObjectDeleteFunc admits
      // each item under the collection's name ""), the one stored object picked by its name.
      return (req.name ?? "") === ""
        ? http.call("DELETE", coll, {
            ...call,
            query: { ...call.query, fieldSelector: `metadata.name=${oldName(req)}` },
          })
        : http.call("DELETE", restPath(req.resource, w.r.namespaced, ns, req.name), call);
  }
}
