// The set-up calls over a real TLS connection: what they send, how a refusal reads, and that a
// run's calls share their connections (keep-alive) instead of a handshake each.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KubeHttp } from "./kubeHttp.ts";
import { setupClient } from "./setupClient.ts";
import { certificates } from "./webhookReceiver.ts";

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

const tls = certificates("127.0.0.1");
const seen: Seen[] = [];
let handshakes = 0;
const server = createServer({ key: tls.key, cert: tls.cert }, (req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on("data", (d: Buffer) => chunks.push(d));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    seen.push({ method: req.method ?? "", path: req.url ?? "", body });
    const name = (body as { metadata: { name: string } }).metadata.name;
    res.setHeader("Content-Type", "application/json");
    if (name === "taken") {
      res.statusCode = 409;
      res.end(JSON.stringify({ kind: "Status", message: 'namespaces "taken" already exists' }));
    } else res.end(JSON.stringify(body));
  });
});
server.on("secureConnection", () => handshakes++);
let http: KubeHttp;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  http = new KubeHttp({ server: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, ca: tls.ca });
});
afterAll(async () => {
  http.close();
  await new Promise((r) => server.close(r));
});

describe("setupClient", () => {
  it("creates namespaces and ServiceAccounts over one kept-alive connection, each counted as a write", async () => {
    const setup = setupClient(http);
    const before = { handshakes, writes: http.tally.writes };
    for (let i = 0; i < 6; i++) {
      await setup.createNamespace({ apiVersion: "v1", kind: "Namespace", metadata: { name: `ns-${i}` } });
      await setup.createServiceAccount(`ns-${i}`, "default");
    }
    expect(seen.slice(0, 2)).toEqual([
      {
        method: "POST",
        path: "/api/v1/namespaces",
        body: { apiVersion: "v1", kind: "Namespace", metadata: { name: "ns-0" } },
      },
      {
        method: "POST",
        path: "/api/v1/namespaces/ns-0/serviceaccounts",
        body: { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: "default" } },
      },
    ]);
    expect(http.tally.writes - before.writes).toBe(12);
    // Twelve calls one after another: one TLS handshake, not twelve.
    expect(handshakes - before.handshakes).toBe(1);
  });

  it("throws the server's refusal with its status and message", async () => {
    await expect(
      setupClient(http).createNamespace({ apiVersion: "v1", kind: "Namespace", metadata: { name: "taken" } }),
    ).rejects.toThrow('creating namespace taken failed with HTTP 409: namespaces "taken" already exists');
  });
});
