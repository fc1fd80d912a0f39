-- Issue 31: latecomers and the automatic draw.
-- late_joins_open: invitations and the sign-up link stay open after the draw; those who join wait
-- "not yet drawn" until the organizer draws the latecomers. On by default.
-- auto_draw: the names are drawn by the job queue the day after the sign-up date. On for new
-- exchanges; exchanges made before this change keep being drawn by hand (their organizers never
-- chose it), so existing rows get false before the default becomes true.
-- auto_draw_tried_for: the sign-up date the automatic draw already ran for (once per date, even
-- when it could not draw: the organizer was told why).
ALTER TABLE `exchanges` ADD COLUMN `late_joins_open` BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE `exchanges` ADD COLUMN `auto_draw` BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE `exchanges` ALTER COLUMN `auto_draw` SET DEFAULT true;
ALTER TABLE `exchanges` ADD COLUMN `auto_draw_tried_for` DATE NULL;
CREATE INDEX `exchanges_status_auto_draw_sign_up_date_idx` ON `exchanges` (`status`, `auto_draw`, `sign_up_date`);
