// The real kube-apiserver that `verify` and `bundles check` ask, with SIGINT and SIGTERM handled
// from the first moment: a signal while the local control plane starts (a minute on a loaded
// machine) stops the etcd and kube-apiserver this command started and exits 130/143 at once, and
// one while the oracle sets up waits for it, then removes what it created.
import type { ApiserverMatcher, ApiserverMatcherOptions } from "../oracles/apiserver/apiserverMatcher.ts";
import { startApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { down } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import type { Interrupts } from "./interrupt.ts";
import { onInterrupt } from "./interrupt.ts";
import type { Target } from "./serverTarget.ts";
import { kubeconfigTarget, leftBehind, localTarget, servedMinor } from "./serverTarget.ts";

/** The flags that name the server: --local or --kubeconfig (with --context, --allow-cluster), --kubernetes-version. */
export interface ClusterFlags {
  readonly local?: boolean | undefined;
  readonly kubeconfig?: string | undefined;
  readonly context?: string | undefined;
  readonly allowCluster?: string | undefined;
  readonly kubernetesVersion?: string | undefined;
}

export interface ServerSessionOptions {
  readonly cluster: ClusterFlags;
  /** The minor asked for (checked), or the latest when none was given. */
  readonly version: Minor;
  readonly matcher: Omit<ApiserverMatcherOptions, "server" | "connection" | "minor" | "log">;
  /** What is under way once the oracle is set up, for the interrupt's message. */
  readonly describe: (m: ApiserverMatcher, where: string) => string;
  readonly err: (line: string) => void;
}

export interface ServerSession {
  readonly target: Target;
  readonly minor: Minor;
  readonly matcher: ApiserverMatcher;
  readonly interrupts: Interrupts;
  /** Closes the oracle, says what is left on the server, and gives the signals back. */
  end(): Promise<void>;
}

export async function openServerSession(o: ServerSessionOptions): Promise<ServerSession> {
  const starting = new AbortController();
  let target: Target | undefined;
  let opened: ServerSession | undefined;
  let opening: Promise<ServerSession> | undefined;
  const interrupts = onInterrupt({
    describe: (where) =>
      opened
        ? o.describe(opened.matcher, where)
        : target
          ? "while the oracle is set up on the server"
          : "while the server is found or started",
    cleanUp: async () => {
      const wasOpen = opened !== undefined;
      // A control plane still starting stops what it started as it ends (localControlPlane.ts up).
      starting.abort();
      const s = opened ?? (await opening?.catch(() => undefined));
      if (s !== undefined) await s.matcher.close();
      // Interrupted before its first use, a control plane this command started is not left running.
      if (!wasOpen && target?.startedHere) {
        await down(undefined, o.err);
        return [];
      }
      return s === undefined ? [] : leftBehind(s.target.connection, s.matcher.runId);
    },
    err: o.err,
  });
  opening = (async () => {
    const c = o.cluster;
    target = c.local
      ? await localTarget(o.version, o.err, starting.signal, c.kubernetesVersion !== undefined)
      : await kubeconfigTarget(c.kubeconfig as string, c.context, c.allowCluster);
    starting.signal.throwIfAborted();
    const given = c.kubernetesVersion !== undefined;
    const minor = target.minor ?? (given ? o.version : await servedMinor(target.connection));
    const matcher = await startApiserverMatcher({
      ...o.matcher,
      server: target.connection.server,
      connection: target.connection,
      minor,
      log: o.err,
    });
    return session(target, minor, matcher, interrupts, o.err);
  })();
  try {
    opened = await opening;
    return opened;
  } catch (e) {
    // Interrupted: the handler exits once its clean-up is done; this error is the abort's.
    if (interrupts.signal !== undefined) await new Promise(() => {});
    interrupts.dispose();
    throw e;
  }
}

function session(
  target: Target,
  minor: Minor,
  matcher: ApiserverMatcher,
  interrupts: Interrupts,
  err: (line: string) => void,
): ServerSession {
  return {
    target,
    minor,
    matcher,
    interrupts,
    async end() {
      await matcher.close();
      const left = await leftBehind(target.connection, matcher.runId);
      if (left.length > 0) err(`matchconform: left behind: ${left.join(", ")}`);
      interrupts.dispose();
    },
  };
}
