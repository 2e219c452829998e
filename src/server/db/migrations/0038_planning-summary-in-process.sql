-- The planning summary is kept in each server process under the network's data version (decision 091).
DROP TABLE "production_network_period_totals" CASCADE;
