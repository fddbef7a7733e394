import { fuzzEndpoints } from "#tests/support/fuzz-endpoints";

fuzzEndpoints(2, 3);
