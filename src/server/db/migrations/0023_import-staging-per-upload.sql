-- The typed rows of a staged upload now live in a table of their own (staged-rows.ts, decision 037).
-- Uploads staged before this migration are asked to be read again (their columns mapped again).
DROP TABLE "import_rows" CASCADE;
