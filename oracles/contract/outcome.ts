import type { GroupVersionKind, GroupVersionResource } from "./kube.ts";

/** A Kubernetes decision (docs/case-format.md, Expected; docs/line-protocol.md, Answers): a closed union on `outcome`. */
export type Outcome =
  | {
      readonly outcome: "match";
      readonly matchedResource?: GroupVersionResource;
      readonly matchedKind?: GroupVersionKind;
      /** A policy with params: the params its validations or mutations run with (paramNames). */
      readonly params?: readonly string[];
    }
  | { readonly outcome: "noMatch" }
  | { readonly outcome: "error"; readonly code: number; readonly message: string }
  | { readonly outcome: "invalid"; readonly message: string };

export type OutcomeName = Outcome["outcome"];

/** What a test expects, normalised from the shorthand forms of a case file. */
export type Expected =
  | {
      readonly outcome: "match";
      readonly matchedResource?: GroupVersionResource;
      readonly matchedKind?: GroupVersionKind;
      /** The params the validations or mutations run with, in any order (docs/case-format.md, "Params"). */
      readonly params?: readonly string[];
    }
  | { readonly outcome: "noMatch" }
  | { readonly outcome: "error"; readonly code: number; readonly contains?: string }
  | { readonly outcome: "invalid"; readonly contains?: string };
