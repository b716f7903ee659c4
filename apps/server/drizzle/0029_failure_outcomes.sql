-- Each stored requirement failure says why it failed as data ('outcome': absent, empty, mismatch,
-- prohibited), as the engine now writes it. Results stored before are given theirs once, here, from
-- the engine's own wordings of the time; nothing reads a reason's text after this.
UPDATE "element_results" er
SET "failures" = (
  SELECT jsonb_agg(
    CASE WHEN f ? 'outcome' THEN f ELSE f || jsonb_build_object('outcome',
      CASE
        WHEN f->>'reason' LIKE '%, which is prohibited' THEN 'prohibited'
        WHEN f->>'reason' LIKE '% is missing' OR f->>'reason' LIKE '% has no property %'
          OR f->>'reason' LIKE 'has no attribute %' OR f->>'reason' LIKE '% is not set'
          OR f->>'reason' LIKE 'is not part of anything%'
          OR f->>'reason' IN ('has no classification', 'has no material') THEN 'absent'
        WHEN f->>'reason' LIKE '% has no value' OR (f->>'type' = 'attribute' AND f->>'reason' LIKE '% is empty') THEN 'empty'
        ELSE 'mismatch'
      END) END
    ORDER BY ord)
  FROM jsonb_array_elements(er."failures") WITH ORDINALITY AS t(f, ord)
)
WHERE NOT er."passed" AND jsonb_array_length(er."failures") > 0;
