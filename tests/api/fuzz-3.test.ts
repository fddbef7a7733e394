import { fuzzEndpoints } from "#tests/support/fuzz-endpoints";

fuzzEndpoints(3, 3);
