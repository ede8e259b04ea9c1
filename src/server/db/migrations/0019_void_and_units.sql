-- Reserved: filled in by the work for this migration; an empty migration changes nothing.
SELECT 1;
