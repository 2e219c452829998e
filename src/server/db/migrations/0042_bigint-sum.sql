-- Whole cents summed in a bigint (decision 097): `sum(bigint)` keeps a 128-bit state allocated per group, `bigint_sum` a bigint passed by value. It answers numeric as `sum` does (NULL over no value), and fails with "bigint out of range" rather than answer a sum past 2^63 - 1 cents.
CREATE AGGREGATE "bigint_sum"(bigint) (
  SFUNC = int8pl,
  STYPE = bigint,
  COMBINEFUNC = int8pl,
  FINALFUNC = numeric,
  PARALLEL = SAFE
);
