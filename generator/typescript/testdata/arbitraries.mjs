// Shared by the node test scripts: every arbitrary produces values its validator accepts and
// that survive serialize/parse.
import fc from "fast-check";

export function checkArbitraries(api, arbs, numRuns) {
  const names = Object.keys(arbs).filter((k) => k.startsWith("arbitrary")).sort();
  if (names.length === 0) throw new Error("no arbitraries");
  for (const name of names) {
    const t = name.slice("arbitrary".length);
    const validate = api["validate" + t];
    const parse = api["parse" + t];
    const serialize = api["serialize" + t];
    const is = api["is" + t];
    fc.assert(
      fc.property(arbs[name](), (v) => {
        const errs = validate(v);
        if (errs.length > 0) throw new Error(`${t}: ${JSON.stringify(v)} gives ${JSON.stringify(errs)}`);
        if (!is(v)) throw new Error(`is${t} disagrees`);
        const text = serialize(v);
        const r = parse(text);
        if (!r.ok) throw new Error(`${t}: ${text} does not parse: ${JSON.stringify(r.errors)}`);
        if (serialize(r.value) !== text) throw new Error(`${t}: ${text} does not round-trip`);
      }),
      { numRuns },
    );
  }
  return names.length;
}
