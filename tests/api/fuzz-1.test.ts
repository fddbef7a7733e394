import { fuzzEndpoints } from "#tests/support/fuzz-endpoints";

fuzzEndpoints(1, 3);
