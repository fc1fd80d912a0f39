-- Idempotency keys of creating writes (Idempotency-Key header): one row per caller and key, written
-- in the same transaction as the write it guards, with the first answer to replay to retries.

CREATE TABLE `idempotency_keys` (
    `actor_id` VARCHAR(64) NOT NULL,
    `key_hash` CHAR(64) NOT NULL,
    `operation` VARCHAR(100) NOT NULL,
    `request_hash` CHAR(64) NOT NULL,
    `response_status` INTEGER NOT NULL DEFAULT 200,
    `response_body` LONGTEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `expires_at` DATETIME(3) NOT NULL,

    INDEX `idempotency_keys_expires_at_idx`(`expires_at`),
    PRIMARY KEY (`actor_id`, `key_hash`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- The people a member follows, newest first (GET /v1/users/{userId}/followed-users): read in index
-- order instead of sorting every follow of the member.
CREATE INDEX `follows_follower_id_created_at_idx` ON `follows`(`follower_id`, `created_at`);
