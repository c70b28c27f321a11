// Parses, checks and serializes documents of the overrides schema (generator/golang/testdata/
// overrides/order.json) and prints what the generated package gave.
import * as api from "./dist/index.js";
import * as arbs from "./dist/arbitraries.js";
import { checkArbitraries } from "./arbitraries.mjs";

const show = (r) => (r.ok ? "ok " + JSON.stringify(r.value) : "errors " + JSON.stringify(r.errors));
const doc = '{"id":"A-1","placed":"2024-02-29T23:59:59.5+02:00","total":"12.34","tags":["red"],"status":"open","priority":"hi","qty":7}';
const r = api.parseOrder(doc);
console.log("parse:", show(r));
console.log("round trip:", api.serializeOrder(r.value) === doc);
console.log("invalid:", show(api.parseOrder('{"id":"A-1","placed":"x","total":"12.3","tags":["toolong"],"status":"open","priority":"lo","qty":101}')));
console.log("status names:", JSON.stringify(api.OrderStatus), api.OrderStatus.Opened === "open");
console.log("priority names:", JSON.stringify(api.OrderPriority), api.isOrderPriority(api.OrderPriority.High));
console.log("priority 'mid':", show(api.checkOrderPriority("mid")));
// Every type's arbitrary (the enums named by their members included) draws valid values that
// round-trip, 200 runs each.
console.log("arbitraries checked:", checkArbitraries(api, arbs, 200));
