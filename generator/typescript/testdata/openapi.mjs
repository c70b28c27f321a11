// Parses documents with the functions generated from an OpenAPI petstore (3.0 or 3.1) and
// prints what they gave, then round-trips the values accepted.
import * as api from "./dist/index.js";

const docs = [
  ["Pet", '{"petType": "dog", "name": "Rex", "bark": false, "nickname": null, "age": 3}'],
  ["Pet", '{"petType": "cat", "name": "Tom", "lives": 9, "owner": null}'],
  ["Pet", '{"petType": "cat", "name": "Tom", "lives": 7, "owner": {"name": "Ann", "color": null}}'],
  ["Pet", '{"petType": "dog", "name": "", "bark": true}'],
  ["Pet", '{"petType": "cat", "name": "Tom", "lives": 10}'],
  ["Pet", '{"petType": "dog", "name": "Rex", "bark": true, "age": 0}'],
  ["Pet", '{"petType": "dog", "name": null, "bark": true}'],
  ["Pet", '{"petType": "cat", "name": "Tom", "lives": 1, "owner": {"color": "green"}}'],
  ["Pets", '[{"petType": "dog", "name": "Rex", "bark": true}, {"petType": "cat", "name": "Tom", "lives": 1}, {"petType": "cat", "name": "Tim"}]'],
  ["Owner", '{"name": "Ann", "color": "red", "extra": 1}'],
];
for (const [name, doc] of docs) {
  const r = api["parse" + name](doc);
  if (!r.ok) {
    console.log(`${name}: ${r.errors.map((e) => `${e.pointer}: ${e.message}`).join("; ")}`);
    continue;
  }
  const text = api["serialize" + name](r.value);
  const back = api["parse" + name](text);
  console.log(`${name}: ok ${text} (round trip ${back.ok && api["serialize" + name](back.value) === text})`);
}
