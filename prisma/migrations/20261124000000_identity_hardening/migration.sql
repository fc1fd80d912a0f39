-- One registered account per e-mail address, decided by the database: `registered_email` holds the
-- (normalized) address of every live registered account (a password or a social identity) and is
-- NULL for floaters and closed accounts, which may share an address. The column uses the table's
-- collation (utf8mb4_unicode_ci), so case, accent and width variants of one address collide too.
ALTER TABLE `users` ADD COLUMN `registered_email` VARCHAR(50) NULL;

-- Existing data: the oldest live registered account of each address keeps it.
UPDATE `users` AS `u`
JOIN (
    SELECT `id` FROM (
        SELECT `r`.`id`,
               ROW_NUMBER() OVER (PARTITION BY `r`.`email` ORDER BY `r`.`created_at`, `r`.`id`) AS `rank_in_email`
        FROM `users` AS `r`
        WHERE `r`.`deleted_at` IS NULL
          AND `r`.`email` IS NOT NULL
          AND (EXISTS (SELECT 1 FROM `user_credentials` AS `c` WHERE `c`.`user_id` = `r`.`id`)
               OR EXISTS (SELECT 1 FROM `external_identities` AS `e` WHERE `e`.`user_id` = `r`.`id`))
    ) AS `ranked`
    WHERE `ranked`.`rank_in_email` = 1
) AS `keep` ON `keep`.`id` = `u`.`id`
SET `u`.`registered_email` = `u`.`email`;

CREATE UNIQUE INDEX `users_registered_email_key` ON `users`(`registered_email`);

-- A sign-in that proved control of its e-mail address by using a mailed link (floaters) or a
-- provider-verified address (social sign-in); registered accounts prove it by confirming the e-mail.
ALTER TABLE `refresh_token_families` ADD COLUMN `email_proven` BOOLEAN NOT NULL DEFAULT false;
