-- People: settings, mailing addresses, preferences, following, blocking, family manager (parent
-- accounts), address-book contacts and profile pictures.

ALTER TABLE `users` ADD COLUMN `picture_key` VARCHAR(80) NULL;
CREATE INDEX `users_first_name_last_name_idx` ON `users`(`first_name`, `last_name`);

CREATE TABLE `user_settings` (
    `user_id` CHAR(36) NOT NULL,
    `email_guid` CHAR(36) NOT NULL,
    `is_private` BOOLEAN NOT NULL DEFAULT true,
    `subscribe_notifications` BOOLEAN NOT NULL DEFAULT true,
    `subscribe_following_notifications` BOOLEAN NOT NULL DEFAULT true,
    `subscribe_following_birthday_reminders` BOOLEAN NOT NULL DEFAULT true,
    `subscribe_gift_guide_following_notifications` BOOLEAN NOT NULL DEFAULT true,
    `can_remind_about_birthday` BOOLEAN NOT NULL DEFAULT true,
    `subscribe_newsletter` BOOLEAN NOT NULL DEFAULT true,
    `subscribe_price_drop_notifications` BOOLEAN NOT NULL DEFAULT true,
    `updated_at` DATETIME(3) NOT NULL,

    UNIQUE INDEX `user_settings_email_guid_key`(`email_guid`),
    PRIMARY KEY (`user_id`),
    CONSTRAINT `user_settings_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `mailing_addresses` (
    `user_id` CHAR(36) NOT NULL,
    `address1` VARCHAR(100) NULL,
    `address2` VARCHAR(100) NULL,
    `city` VARCHAR(100) NULL,
    `state` VARCHAR(100) NULL,
    `postal_code` VARCHAR(20) NULL,
    `country` VARCHAR(100) NULL,
    `updated_at` DATETIME(3) NOT NULL,

    PRIMARY KEY (`user_id`),
    CONSTRAINT `mailing_addresses_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `user_preferences` (
    `user_id` CHAR(36) NOT NULL,
    `preference_set` VARCHAR(20) NOT NULL,
    `market` CHAR(2) NULL,
    `updated_at` DATETIME(3) NOT NULL,

    PRIMARY KEY (`user_id`, `preference_set`),
    CONSTRAINT `user_preferences_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `follows` (
    `follower_id` CHAR(36) NOT NULL,
    `followed_id` CHAR(36) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `follows_followed_id_created_at_idx`(`followed_id`, `created_at`),
    PRIMARY KEY (`follower_id`, `followed_id`),
    CONSTRAINT `follows_follower_id_fkey` FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `follows_followed_id_fkey` FOREIGN KEY (`followed_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `blocks` (
    `blocker_id` CHAR(36) NOT NULL,
    `blocked_id` CHAR(36) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `blocks_blocked_id_idx`(`blocked_id`),
    PRIMARY KEY (`blocker_id`, `blocked_id`),
    CONSTRAINT `blocks_blocker_id_fkey` FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `blocks_blocked_id_fkey` FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `parent_accounts` (
    `child_id` CHAR(36) NOT NULL,
    `parent_id` CHAR(36) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `parent_accounts_parent_id_idx`(`parent_id`),
    PRIMARY KEY (`child_id`, `parent_id`),
    CONSTRAINT `parent_accounts_child_id_fkey` FOREIGN KEY (`child_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `parent_accounts_parent_id_fkey` FOREIGN KEY (`parent_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `address_book_contacts` (
    `id` CHAR(36) NOT NULL,
    `owner_id` CHAR(36) NOT NULL,
    `name` VARCHAR(100) NOT NULL,
    `email` VARCHAR(50) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `address_book_contacts_owner_id_email_key`(`owner_id`, `email`),
    PRIMARY KEY (`id`),
    CONSTRAINT `address_book_contacts_owner_id_fkey` FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
