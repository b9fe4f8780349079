// verify --kubeconfig: which contexts it talks to and what it reads from a kubeconfig (client-node).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dump } from "js-yaml";
import { describe, expect, it } from "vitest";
import { modeOf } from "./runMode.ts";
import { UsageError } from "./usageError.ts";
import { allowedContext, budgetFor, kubeconfigTarget, verify, verifyCeilingsMs } from "./verify.ts";

const b64 = (s: string) => Buffer.from(s).toString("base64");

interface Entry {
  readonly name: string;
  readonly cluster?: Record<string, unknown>;
  readonly user?: Record<string, unknown>;
}

/** A kubeconfig with one context per entry, each with its own cluster and user; the first is current. */
function kubeconfig(entries: readonly Entry[], current = entries[0]?.name): string {
  const dir = mkdtempSync(join(tmpdir(), "matchconform-kubeconfig-"));
  const file = join(dir, "config");
  writeFileSync(
    file,
    dump({
      apiVersion: "v1",
      kind: "Config",
      "current-context": current,
      clusters: entries.map((e) => ({
        name: e.name,
        cluster: { server: "https://127.0.0.1:6443", "certificate-authority-data": b64("ca"), ...e.cluster },
      })),
      users: entries.map((e) => ({ name: e.name, user: e.user ?? { token: "t0ken" } })),
      contexts: entries.map((e) => ({ name: e.name, context: { cluster: e.name, user: e.name } })),
    }),
  );
  return file;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error("no UsageError");
}

/** The UsageError verify ends with, its output thrown away. */
const refused = (args: Parameters<typeof verify>[0]) =>
  refusal(
    verify(
      args,
      () => {},
      () => {},
    ),
  );

describe("allowedContext", () => {
  it.each([
    ["matchconform-local", undefined, true],
    ["kind-kind", undefined, true],
    ["kind-", undefined, true],
    ["prod", undefined, false],
    ["prod", "prod", true],
    ["prod", "staging", false],
    ["my-kind-cluster", undefined, false],
    ["matchconform-local-2", undefined, false],
  ])("%s with --allow-cluster %s: %s", (name, allow, allowed) => {
    expect(allowedContext(name, allow)).toBe(allowed);
  });
});

describe("kubeconfigTarget", () => {
  it("reads a kind context's client certificate and CA from their -data fields", async () => {
    const file = kubeconfig([
      { name: "kind-kind", user: { "client-certificate-data": b64("cert"), "client-key-data": b64("key") } },
    ]);
    const t = await kubeconfigTarget(file, undefined, undefined);
    expect(t.connection.server).toBe("https://127.0.0.1:6443");
    expect(String(t.connection.ca)).toBe("ca");
    expect(String(t.connection.cert)).toBe("cert");
    expect(String(t.connection.key)).toBe("key");
    expect(t.connection.token).toBeUndefined();
    expect(t.connection.rejectUnauthorized).toBeUndefined();
  });

  it("reads certificate files relative to the kubeconfig, not to the working directory", async () => {
    const file = kubeconfig([
      {
        name: "kind-files",
        cluster: { "certificate-authority-data": undefined, "certificate-authority": "pki/ca.crt" },
        user: { "client-certificate": "pki/client.crt", "client-key": "pki/client.key" },
      },
    ]);
    const pki = join(file, "..", "pki");
    mkdirSync(pki);
    for (const [f, text] of [
      ["ca.crt", "ca file"],
      ["client.crt", "cert file"],
      ["client.key", "key file"],
    ])
      writeFileSync(join(pki, f as string), text as string);
    const t = await kubeconfigTarget(file, undefined, undefined);
    expect([t.connection.ca, t.connection.cert, t.connection.key].map(String)).toEqual([
      "ca file",
      "cert file",
      "key file",
    ]);
  });

  it("takes a token, the context given over the current one, and insecure-skip-tls-verify", async () => {
    const file = kubeconfig([
      { name: "kind-a" },
      { name: "kind-b", cluster: { server: "https://127.0.0.1:7443/", "insecure-skip-tls-verify": true } },
    ]);
    const t = await kubeconfigTarget(file, "kind-b", undefined);
    expect(t.connection).toMatchObject({ server: "https://127.0.0.1:7443", token: "t0ken", rejectUnauthorized: false });
  });

  it("takes a token-file's token without its newline", async () => {
    const token = join(mkdtempSync(join(tmpdir(), "matchconform-kubeconfig-")), "token");
    writeFileSync(token, "from-file\n");
    const file = kubeconfig([{ name: "kind-file", user: { "token-file": token } }]);
    expect((await kubeconfigTarget(file, undefined, undefined)).connection.token).toBe("from-file");
  });

  it("takes the token an exec plugin gives", async () => {
    const file = kubeconfig([
      {
        name: "kind-exec",
        user: {
          exec: {
            apiVersion: "client.authentication.k8s.io/v1",
            command: process.execPath,
            args: [
              "-e",
              'console.log(JSON.stringify({apiVersion:"client.authentication.k8s.io/v1",kind:"ExecCredential",status:{token:"from-plugin"}}))',
            ],
          },
        },
      },
    ]);
    expect((await kubeconfigTarget(file, undefined, undefined)).connection.token).toBe("from-plugin");
  });

  it("says so when an exec plugin fails", async () => {
    const file = kubeconfig([
      {
        name: "kind-exec",
        user: { exec: { command: process.execPath, args: ["-e", 'console.error("no login"); process.exit(3)'] } },
      },
    ]);
    expect(await refusal(kubeconfigTarget(file, undefined, undefined))).toMatch(
      /context "kind-exec": the credentials could not be obtained: no login/,
    );
  });

  it("refuses any other context, unless --allow-cluster names it", async () => {
    const file = kubeconfig([{ name: "prod" }, { name: "kind-kind" }]);
    expect(await refusal(kubeconfigTarget(file, undefined, undefined))).toMatch(/^refusing context "prod"/);
    expect(await refusal(kubeconfigTarget(file, undefined, "staging"))).toMatch(/^refusing context "prod"/);
    expect((await kubeconfigTarget(file, undefined, "prod")).connection.token).toBe("t0ken");
    expect((await kubeconfigTarget(file, "kind-kind", undefined)).connection.token).toBe("t0ken");
  });

  it("refuses before it runs a refused context's exec plugin", async () => {
    const marker = join(mkdtempSync(join(tmpdir(), "matchconform-kubeconfig-")), "ran");
    const file = kubeconfig([
      {
        name: "prod",
        user: {
          exec: {
            command: process.execPath,
            args: ["-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "")`],
          },
        },
      },
    ]);
    expect(await refusal(kubeconfigTarget(file, undefined, undefined))).toMatch(/^refusing context "prod"/);
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    ["a context the file lacks", [{ name: "kind-a" }], "kind-gone", /has no context "kind-gone"/],
    [
      "basic authentication",
      [{ name: "kind-a", user: { username: "u", password: "p" } }],
      undefined,
      /basic authentication/,
    ],
    ["impersonation", [{ name: "kind-a", user: { token: "t", as: "someone" } }], undefined, /impersonation/],
    ["a proxy", [{ name: "kind-a", cluster: { "proxy-url": "http://proxy:3128" } }], undefined, /proxy-url/],
  ])("refuses %s", async (_, entries, context, message) => {
    expect(await refusal(kubeconfigTarget(kubeconfig(entries), context, undefined))).toMatch(message);
  });

  it("refuses a kubeconfig without a current context when none is given, and a file that is not there", async () => {
    expect(await refusal(kubeconfigTarget(kubeconfig([{ name: "kind-a" }], ""), undefined, undefined))).toMatch(
      /has no current-context/,
    );
    expect(await refusal(kubeconfigTarget("/nonexistent/kubeconfig", undefined, undefined))).toMatch(
      /^cannot read the kubeconfig \/nonexistent\/kubeconfig/,
    );
  });
});

describe("verify --record", () => {
  it("refuses a file as the folder before it starts anything", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "matchconform-record-")), "a-file");
    writeFileSync(file, "");
    const args = { apiserver: true, local: true, record: file, cases: [] };
    expect(await refused(args)).toMatch(/--record .* is a file, not a folder/);
  });
});

describe("verify --queries", () => {
  it.each([[{ cases: ["suites/cases/resourceRules.yaml"] }], [{ cases: [], numRuns: "10" }]])(
    "asks those queries alone: refuses %j beside it before it starts anything",
    async (more) => {
      const args = { apiserver: true, local: true, queries: "suites/recorded/v1.37.2", ...more };
      expect(await refused(args)).toMatch(
        /--queries asks those queries alone: it takes no case files and no --num-runs/,
      );
    },
  );
});

describe("verify --condition-rate, --param-rate", () => {
  it.each([
    ["conditionRate", "2", /--condition-rate 2 is not a number from 0 to 1/],
    ["paramRate", "x", /--param-rate x is not a number from 0 to 1/],
    ["paramRate", "", /--param-rate {2}is not a number from 0 to 1/],
  ])("refuses %s %j before it starts anything", async (flag, value, message) => {
    const args = { apiserver: true, local: true, [flag]: value, cases: [] };
    expect(await refused(args)).toMatch(message);
  });
});

describe("verify --apiserver", () => {
  it("wants --local or --kubeconfig, and says so when given neither", async () => {
    const none = verify(
      { apiserver: true, cases: [] },
      () => {},
      () => {},
    );
    expect(await refusal(none)).toBe("verify --apiserver takes --local or --kubeconfig <file>");
  });
});

describe("verify --mode", () => {
  it("refuses a mode or a seed it does not know before it starts anything", async () => {
    expect(await refused({ apiserver: true, local: true, mode: "gate", cases: [] })).toMatch(
      /--mode gate is not one of ci, explore/,
    );
    expect(await refused({ apiserver: true, local: true, seed: "-1", cases: [] })).toMatch(
      /--seed -1 is not a whole number/,
    );
  });

  it("does the profile's whole work in ci mode (the default) under the server's ceiling, and what fits the limit in explore", () => {
    expect(budgetFor({ cases: [] }, modeOf(undefined))).toEqual({
      numRuns: 300,
      invariantRuns: 20,
      reduce: false,
      pacing: "work",
      timeLimitMs: verifyCeilingsMs.quick,
    });
    expect(budgetFor({ cases: [], profile: "nightly" }, "ci").timeLimitMs).toBe(verifyCeilingsMs.nightly);
    // A time limit given is the ceiling; --num-runs alone sets none, as for run.
    expect(budgetFor({ cases: [], timeLimit: "90s" }, "ci")).toMatchObject({ pacing: "work", timeLimitMs: 90_000 });
    expect(budgetFor({ cases: [], numRuns: "40" }, "ci")).toMatchObject({
      pacing: "work",
      numRuns: 40,
      timeLimitMs: Number.POSITIVE_INFINITY,
    });
    expect(budgetFor({ cases: [] }, "explore")).toMatchObject({ numRuns: 300, timeLimitMs: 20_000, reduce: false });
    expect(budgetFor({ cases: [] }, "explore").pacing).not.toBe("work");
  });
});
