// Runs the canonical schema's generated package: arbitraries against validators and codecs.
import * as api from "./dist/index.js";
import * as arbs from "./dist/arbitraries.js";
import { checkArbitraries } from "./arbitraries.mjs";

const n = checkArbitraries(api, arbs, 200);
console.log(`${n} arbitraries checked`);
