import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLES_DIR } from "@/lib/fiscal/nfe/test-support/xmlsec";
import { block, blocks, field } from "./xml-fields";

// The regular expressions the readers stand for.
const byRegex = {
  block: (xml: string, tag: string) => new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${tag}>`).exec(xml)?.[1] ?? "",
  blocks: (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*>([\\s\\S]*?)</(?:\\w+:)?${tag}>`, "g"))].map((m) => m[1]!),
  field: (xml: string, tag: string) => new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`).exec(xml)?.[1]?.trim() ?? "",
};

function xmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? xmlFiles(path.join(dir, e.name)) : e.name.endsWith(".xml") ? [path.join(dir, e.name)] : []));
}

function compare(xml: string) {
  const tags = new Set([...xml.matchAll(/<\/?(?:\w+:)?(\w+)/g)].map((m) => m[1]!));
  for (const tag of [...tags, "transp", "autXML", "nothing"]) {
    expect(block(xml, tag), `block ${tag}`).toBe(byRegex.block(xml, tag));
    expect(blocks(xml, tag), `blocks ${tag}`).toEqual(byRegex.blocks(xml, tag));
    expect(field(xml, tag), `field ${tag}`).toBe(byRegex.field(xml, tag));
  }
}

describe("xml-fields", () => {
  it("answers what the regular expressions answer on every example document", () => {
    for (const file of xmlFiles(EXAMPLES_DIR)) compare(fs.readFileSync(file, "utf8"));
  });

  it("…and on tricky text: similar names, attributes, nesting, prefixes, empty and unclosed elements", () => {
    const cases = [
      `<transp><transporta><CNPJ>1</CNPJ></transporta><modFrete>9</modFrete></transp>`,
      `<transporta><CNPJ> 2 </CNPJ></transporta><transp a="1"><x>y</x></transp>`,
      `<dest><CNPJ><x/></CNPJ><CNPJ>3</CNPJ></dest><autXML><CPF>4</CPF></autXML><autXML><CNPJ>5</CNPJ></autXML>`,
      `<nfe:emit xmlns:nfe="urn:x"><nfe:CNPJ>6</nfe:CNPJ></nfe:emit><emit><CNPJ>7</CNPJ></emit>`,
      `<ide/><ide><cUF>35</cUF></ide><ide-x>a</ide-x>`,
      `<CNPJ>8`,
      `<CNPJ>9</CNPJ`,
      `<ide><ide>1</ide></ide>`,
      `<autXML></autXML><autXML>`,
      `<a:CNPJ>1</CNPJ><CNPJ>2</a:CNPJ>`,
    ];
    for (const xml of cases) compare(xml);
  });
});
