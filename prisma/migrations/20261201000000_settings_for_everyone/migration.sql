-- Every live account has its settings row from creation on (sign-up, social sign-up, floaters,
-- child accounts), so every notification e-mail can carry the "manage notifications" link (the
-- e-mail settings are opened by email_guid, without signing in). Accounts made before that get
-- theirs now, with the schema's defaults (every setting on, private) and a fresh random version-4
-- UUID as email_guid: it is a key, so it comes from RANDOM_BYTES, never from the time-based UUID().
-- Closed accounts are left out: deleting an account removes its settings on purpose.

INSERT INTO `user_settings` (`user_id`, `email_guid`, `updated_at`)
SELECT
    u.`id`,
    LOWER(CONCAT(
        HEX(RANDOM_BYTES(4)), '-',
        HEX(RANDOM_BYTES(2)), '-',
        '4', SUBSTR(HEX(RANDOM_BYTES(2)), 2), '-',
        '8', SUBSTR(HEX(RANDOM_BYTES(2)), 2), '-',
        HEX(RANDOM_BYTES(6))
    )),
    UTC_TIMESTAMP(3)
FROM `users` u
LEFT JOIN `user_settings` s ON s.`user_id` = u.`id`
WHERE s.`user_id` IS NULL AND u.`deleted_at` IS NULL;
