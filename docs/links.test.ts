// Every relative link in the repository's Markdown leads to a file or folder inside the
// repository (so the docs never point at something that does not ship with them), and every
// #anchor into a Markdown file names one of its headings, slugged as GitHub does. The Markdown that
// ships in the npm package links only to files that ship too; source files it cites are linked on
// GitHub.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const markdownFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f !== "" && existsSync(resolve(root, f)));

function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The text outside fenced code blocks and code spans, where a link is a link. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, "");
}

function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
  const definitions = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    (m) => m[1] as string,
  );
  const html = [...text.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1] as string);
  return [...inline, ...definitions, ...html];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const [, heading] of withoutFences(markdown)
    .replace(/`([^`\n]*)`/g, "$1")
    .matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    slugs.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return slugs;
}

/** What is wrong with a link from `file`, or undefined. */
function problem(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto: … are not files
  const [path = "", anchor] = target.split("#", 2);
  const to = path === "" ? resolve(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
  const inside = relative(root, to);
  if (inside.startsWith("..") || inside === "") return `${target} leads outside the repository`;
  if (!existsSync(to)) return `${target}: ${inside} does not exist`;
  if (anchor === undefined || !to.endsWith(".md") || statSync(to).isDirectory()) return undefined;
  return anchors(readFileSync(to, "utf8")).has(anchor) ? undefined : `${target}: no heading #${anchor} in ${inside}`;
}

describe("links in the Markdown files", () => {
  it("are read from every Markdown file, this one's subjects included", () => {
    expect(markdownFiles).toEqual(
      expect.arrayContaining(["README.md", "docs/case-format.md", "docs/line-protocol.md"]),
    );
    const links = markdownFiles.flatMap((f) => linkTargets(readFileSync(resolve(root, f), "utf8")));
    expect(links.length).toBeGreaterThan(30);
  });

  it.each(markdownFiles)("%s links only to files in the repository, and to headings that exist", (file) => {
    const targets = linkTargets(readFileSync(resolve(root, file), "utf8"));
    expect(targets.flatMap((t) => problem(file, t) ?? [])).toEqual([]);
  });

  it.each([
    ["## 2. `input`: manifest or stored", "2-input-manifest-or-stored"],
    ["### Declaring what you model: `capabilities`", "declaring-what-you-model-capabilities"],
    ["## A run that no implementation can break", "a-run-that-no-implementation-can-break"],
  ])("slugs %s as GitHub does", (heading, slug) => {
    expect(anchors(heading)).toEqual(new Set([slug]));
  });

  it("finds a link that leaves the repository, one to a missing file and one to a missing heading", () => {
    expect(problem("docs/x.md", "../../shared/spec/conformance-format.md")).toMatch(/outside the repository/);
    expect(problem("docs/x.md", "nowhere.md")).toMatch(/does not exist/);
    expect(problem("docs/x.md", "line-protocol.md#no-such-heading")).toMatch(/no heading/);
    expect(problem("docs/x.md", "line-protocol.md#faults-timeouts-and-restarts")).toBeUndefined();
  });
});

/** What `npm pack` puts in the package (scripts not run: the build is not needed to list them). */
function packedFiles(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Set((JSON.parse(out) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path));
}

describe("links in the Markdown files that ship in the package", () => {
  const packed = packedFiles();
  const shipped = markdownFiles.filter((f) => packed.has(f));
  const ships = (path: string) => packed.has(path) || [...packed].some((p) => p.startsWith(`${path}/`));

  it("are read from the README and the docs", () => {
    expect(shipped).toEqual(expect.arrayContaining(["README.md", "docs/case-format.md", "examples/README.md"]));
  });

  it.each(shipped)("%s links only to files that ship with it", (file) => {
    const unshipped = linkTargets(readFileSync(resolve(root, file), "utf8"))
      .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"))
      .map((t) => relative(root, resolve(root, dirname(file), decodeURIComponent(t.split("#", 1)[0] as string))))
      .filter((p) => !ships(p));
    expect(unshipped).toEqual([]);
  });
});
