-- Issue 34: a player's quality ladder lives in its settings (jsonb, contracts' OutputSettings.ladder).
-- Players saved before it get "source only" (an empty ladder), what they have always done.
UPDATE "outputs" SET "settings" = jsonb_set("settings", '{ladder}', '[]'::jsonb, true)
WHERE NOT ("settings" ? 'ladder');
