-- Caller: executeRead (store.ts): one parallel worker for a read over a whole network, where the server has workers
select
  set_config('max_parallel_workers_per_gather', least(1, current_setting('max_parallel_workers')::int)::text, true),
  set_config('parallel_setup_cost', '10', true),
  set_config('parallel_tuple_cost', '0.001', true),
  set_config('min_parallel_index_scan_size', '0', true);
