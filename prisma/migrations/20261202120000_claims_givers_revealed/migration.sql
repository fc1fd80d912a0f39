-- Revealing who gave a gift is one-way (issue 24). Marking a wish received shows its owner (or
-- their family manager) who claimed it; un-marking it used to hide them again and leave no trace.
-- Now the first reveal is kept on the wish (givers_revealed_at) and on each claim it showed
-- (wish_claims.revealed_at): un-marking clears received_at only, the revealed givers stay listed
-- under the gifts received, and those givers were told. A claim made after an un-marking stays
-- hidden until the wish is marked received again.

ALTER TABLE `wishes` ADD COLUMN `givers_revealed_at` DATETIME(3) NULL AFTER `received_at`;
ALTER TABLE `wish_claims` ADD COLUMN `revealed_at` DATETIME(3) NULL AFTER `quantity`;

-- Wishes received today were revealed when they were marked.
UPDATE `wishes` SET `givers_revealed_at` = `received_at` WHERE `received_at` IS NOT NULL;
UPDATE `wish_claims` c JOIN `wishes` w ON w.`id` = c.`wish_id`
SET c.`revealed_at` = w.`received_at`
WHERE w.`received_at` IS NOT NULL;
