// A labelled probe's objects carry its label (subject/confinement.ts labelledOnly), stored and sent
// alike; others are sent as stated.
import { probeLabel, webhookTag } from "../probe/names.ts";
import type { Work } from "../work.ts";

/** The labels to send: the given ones, with the probe's label for a labelled probe (Work.labelled). */
export function labelsOf(l: object, w: Work): object {
  return w.labelled !== true ? l : { ...l, [probeLabel]: webhookTag(w.names) };
}

/** The object with labelsOf its labels. */
export function labelled(body: Record<string, unknown>, w: Work): Record<string, unknown> {
  if (w.labelled !== true) return body;
  const md = (body.metadata ?? {}) as { labels?: object };
  return { ...body, metadata: { ...md, labels: labelsOf(md.labels ?? {}, w) } };
}
