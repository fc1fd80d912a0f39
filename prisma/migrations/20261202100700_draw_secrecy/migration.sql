-- Who may see the draw is decided when the names are drawn (issue 24): stored on the draw, shown to
-- everyone in it, and afterwards only ever made more secret. Exchanges drawn before this change keep
-- what their setting says now (the best record there is of what was decided), except a repeat that
-- avoids last time's pairs, which is secret (redrawing it would tell last time's draw).
ALTER TABLE `exchanges` ADD COLUMN `draw_visible_to_organizer` BOOLEAN NULL;
UPDATE `exchanges`
SET `organizer_can_view_draw` = false
WHERE `exclude_previous_pairs` = true AND `repeat_of_exchange_id` IS NOT NULL;
UPDATE `exchanges` SET `draw_visible_to_organizer` = `organizer_can_view_draw` WHERE `drawn_at` IS NOT NULL;
