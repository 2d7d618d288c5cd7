import { STATES } from "@/lib/br/states";
import { authorizerFor, authorizersByPath, contingencyFor } from "../endpoints";

// Which authorizer a request to the simulator was meant for (fault rules with
// `authorizer`): the URL path names it, and where several authorizers share a
// path (RS/SVRS/SVC-RS on one host, SVAN/SVC-AN, AN/SVC-AN events) the message
// decides: cOrgao 91 is the Ambiente Nacional, tpEmis 6/7 the SVC, otherwise the
// issuer's state's own authorizer before its SVC.

let byPath: Map<string, Set<string>> | undefined;

const ufByCode = new Map(STATES.map((s) => [s.cUF, s.uf]));

/** "SVC-AN" and "SVCAN" name the same authorizer; the tables write the latter. */
export function normalizeAuthorizer(name: string): string {
  return name.toUpperCase().replace(/^SVC-(AN|RS)$/, "SVC$1");
}

export function requestAuthorizer(pathname: string, payloadXml: string): string | undefined {
  byPath ??= authorizersByPath();
  const candidates = byPath.get(pathname.toLowerCase());
  if (!candidates || candidates.size === 0) return undefined;
  if (candidates.size === 1) return [...candidates][0];
  const has = (name: string | undefined) => (name && candidates.has(name) ? name : undefined);
  if (/<(?:\w+:)?cOrgao>91</.test(payloadXml) && candidates.has("AN")) return "AN";
  const tpEmis = /<(?:\w+:)?tpEmis>([67])</.exec(payloadXml)?.[1];
  if (tpEmis) return has(tpEmis === "6" ? "SVCAN" : "SVCRS") ?? [...candidates][0];
  const cUF = /<(?:\w+:)?(?:cUF|cOrgao)>(\d{2})</.exec(payloadXml)?.[1] ?? /<(?:\w+:)?chNFe>(\d{2})/.exec(payloadXml)?.[1] ?? /\bId="NFe(\d{2})/.exec(payloadXml)?.[1];
  const uf = cUF ? ufByCode.get(cUF) : undefined;
  if (uf) {
    const own = [55, 65].map((model) => {
      try {
        return authorizerFor(uf, model as 55 | 65);
      } catch {
        return undefined;
      }
    });
    const svc = (() => {
      try {
        return normalizeAuthorizer(contingencyFor(uf));
      } catch {
        return undefined;
      }
    })();
    const found = has(own[0]) ?? has(own[1]) ?? has(svc);
    if (found) return found;
  }
  return [...candidates].sort()[0];
}
