// Parses documents with the parseT, checkT and isT of two roots whose schema accepts null
// beside values of a type of their own, and prints what they gave.
import * as api from "./dist/index.js";

const show = (r) => (r.ok ? "ok " + JSON.stringify(r.value) : "errors " + JSON.stringify(r.errors));
for (const [name, docs] of [
  ["NullEnum", ["null", "6", "7", '"6"']],
  ["NullTypes", ["null", "[1]", '{"a": 1}', "5"]],
]) {
  for (const doc of docs) console.log(`parse${name}(${doc}): ${show(api["parse" + name](doc))}`);
  console.log(`check${name}(null): ${show(api["check" + name](null))}`);
  console.log(`is${name}(null): ${api["is" + name](null)}`);
  console.log(`serialize${name}(null): ${api["serialize" + name](null)}`);
}
