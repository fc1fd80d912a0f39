-- E-mail identity is compared on ONE canonical form, byte for byte (server/contracts/email-identity.ts):
-- trimmed, Unicode NFC, lower-cased, the domain in its ASCII (IDNA) form. The table's collation
-- (utf8mb4_unicode_ci) folded accents and ß, so `x@gmáil.com` matched `x@gmail.com`, and the owner of
-- the look-alike domain could claim what was sent to the real address.
--
-- `email_canonical` holds that form for every account (floaters too, which may share it);
-- `registered_email` now holds it for live registered accounts and is unique under utf8mb4_bin.
ALTER TABLE `users`
    ADD COLUMN `email_canonical` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL AFTER `email`,
    MODIFY `registered_email` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL;

CREATE INDEX `users_email_canonical_idx` ON `users`(`email_canonical`);

-- Plain ASCII addresses whose canonical form is their lower-cased self: printable ASCII local part,
-- host-name labels, a top-level label that starts with a letter, no IDNA (xn--) label to verify.
-- Every other address (Unicode, punycode, stray whitespace, invalid) is converted by the same code
-- the application uses, in server/db/backfills.ts, which the migration runner calls right after.
UPDATE `users`
SET `email_canonical` = LOWER(TRIM(`email`))
WHERE `email` IS NOT NULL
  AND CHAR_LENGTH(`email`) = LENGTH(`email`)
  AND CAST(LOWER(TRIM(`email`)) AS BINARY) REGEXP '^[!-?A-~]+@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.])+[a-z][a-z0-9-]{0,61}[a-z0-9]$'
  AND CAST(LOWER(TRIM(`email`)) AS BINARY) NOT REGEXP '[@.]xn--';

-- Registered addresses again, now on the canonical form: the oldest live registered account of each
-- canonical address holds it. An account that lost its address to a mere accent or case variant
-- under the old collation gets its own (different) address back.
UPDATE `users` SET `registered_email` = NULL;

UPDATE `users` AS `u`
JOIN (
    SELECT `id` FROM (
        SELECT `r`.`id`,
               ROW_NUMBER() OVER (PARTITION BY `r`.`email_canonical` ORDER BY `r`.`created_at`, `r`.`id`) AS `rank_in_email`
        FROM `users` AS `r`
        WHERE `r`.`deleted_at` IS NULL
          AND `r`.`email_canonical` IS NOT NULL
          AND (EXISTS (SELECT 1 FROM `user_credentials` AS `c` WHERE `c`.`user_id` = `r`.`id`)
               OR EXISTS (SELECT 1 FROM `external_identities` AS `e` WHERE `e`.`user_id` = `r`.`id`))
    ) AS `ranked`
    WHERE `ranked`.`rank_in_email` = 1
) AS `keep` ON `keep`.`id` = `u`.`id`
SET `u`.`registered_email` = `u`.`email_canonical`;

-- Group invitations by e-mail hold the canonical address, compared exactly: one invitation per
-- address per group, and a look-alike address is not "already invited".
ALTER TABLE `group_invitations`
    MODIFY `email` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL;

-- A write of `users.email` that does not also write `email_canonical` (a forgotten code path, a
-- script, a test fixture) must never leave the old identity in place: the database recomputes it for
-- plain ASCII addresses (the same rule as above) and clears it otherwise, so such an address owns
-- nothing until the application writes its canonical form. The application always writes both
-- (registered-email.ts `emailColumns`); these only catch what forgets to.
CREATE TRIGGER `users_email_canonical_insert` BEFORE INSERT ON `users` FOR EACH ROW
SET NEW.`email_canonical` = IF(
    NEW.`email_canonical` IS NOT NULL OR NEW.`email` IS NULL,
    IF(NEW.`email` IS NULL, NULL, NEW.`email_canonical`),
    IF(CHAR_LENGTH(NEW.`email`) = LENGTH(NEW.`email`)
         AND CAST(LOWER(TRIM(NEW.`email`)) AS BINARY) REGEXP '^[!-?A-~]+@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.])+[a-z][a-z0-9-]{0,61}[a-z0-9]$'
         AND CAST(LOWER(TRIM(NEW.`email`)) AS BINARY) NOT REGEXP '[@.]xn--',
       LOWER(TRIM(NEW.`email`)), NULL));

CREATE TRIGGER `users_email_canonical_update` BEFORE UPDATE ON `users` FOR EACH ROW
SET NEW.`email_canonical` = IF(
    NEW.`email` <=> OLD.`email` OR NOT (NEW.`email_canonical` <=> OLD.`email_canonical`),
    IF(NEW.`email` IS NULL, NULL, NEW.`email_canonical`),
    IF(CHAR_LENGTH(NEW.`email`) = LENGTH(NEW.`email`)
         AND CAST(LOWER(TRIM(NEW.`email`)) AS BINARY) REGEXP '^[!-?A-~]+@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.])+[a-z][a-z0-9-]{0,61}[a-z0-9]$'
         AND CAST(LOWER(TRIM(NEW.`email`)) AS BINARY) NOT REGEXP '[@.]xn--',
       LOWER(TRIM(NEW.`email`)), NULL));
