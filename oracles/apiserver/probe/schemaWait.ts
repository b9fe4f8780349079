// A probe request the server cannot decide yet because it has not learnt a new CRD's schema,
// asked again until it has. The mutating policy plugin converts the request's object with a type
// converter built from the server's OpenAPI, whose paths it reads every 5 s (k8s.io/apiserver
// v0.37.2 pkg/admission/plugin/policy/mutating/patch/typeconverter.go Run); until it has the
// CRD's group and version, dispatchOne (mutating/dispatcher.go) answers 503 "Resource kind … not
// found. There can be a delay between when CustomResourceDefinitions are created and when they
// are available". A probe request is a dry run: sending it again stores nothing.
import type { Reply } from "../controlPlane/kubeHttp.ts";
import { statusMessage } from "../controlPlane/kubeHttp.ts";
import { sleep } from "../controlPlane/sleep.ts";

export interface SchemaWait {
  /** How long a request is asked again, ms from its first 503 (the run's sentinel timeout). */
  readonly timeoutMs: number;
  /** Told how long a request waited, ms, once it is answered otherwise or given up. */
  readonly waited: (ms: number) => void;
}

const delayNotice =
  "There can be a delay between when CustomResourceDefinitions are created and when they are available";

/** The server's 503 for an object whose CRD's schema its mutating policy plugin has not learnt yet. */
export const schemaNotLearnt = (r: Reply): boolean => r.status === 503 && statusMessage(r).includes(delayNotice);

/** The first pause before asking again, ms, doubled after each 503 up to `longestPauseMs`. */
const firstPauseMs = 250;
const longestPauseMs = 2_000;

/** `send`'s reply, sent again after each 503 of a schema not learnt, with growing pauses, until `wait.timeoutMs`. */
export async function untilSchemaLearnt(
  send: () => Promise<Reply>,
  wait: SchemaWait,
): Promise<{ readonly reply: Reply; readonly waitedMs: number }> {
  let reply = await send();
  if (!schemaNotLearnt(reply)) return { reply, waitedMs: 0 };
  const start = performance.now();
  for (let pause = firstPauseMs; schemaNotLearnt(reply); pause = Math.min(2 * pause, longestPauseMs)) {
    const left = wait.timeoutMs - (performance.now() - start);
    if (left <= 0) break;
    await sleep(Math.min(pause, left));
    reply = await send();
  }
  const waitedMs = performance.now() - start;
  wait.waited(waitedMs);
  return { reply, waitedMs };
}
