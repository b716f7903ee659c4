-- The warning rule (spec 2 §4, decision 0081), defined once: every status the server reports, counted
-- or listed, is this function's rank (compliance/status.ts statusRankSql; decision 0186).
-- 0 not_applicable, 1 passed, 2 warning, 3 failed. A passing element passes, or is not applicable when
-- its specification requires nothing; a failing one is a warning while it still meets at least half of
-- its requirement facets, failed below half or when no facet failed (a prohibited specification).
-- A one-expression immutable SQL function: the planner inlines it, so a scan pays no call per row.
CREATE FUNCTION compliance_status_rank(passed boolean, failed_facets integer, requirement_count integer)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN passed THEN (CASE WHEN requirement_count = 0 THEN 0 ELSE 1 END)
    WHEN requirement_count > 0 AND failed_facets > 0 AND (requirement_count - failed_facets) * 2 >= requirement_count THEN 2
    ELSE 3
  END
$$;
