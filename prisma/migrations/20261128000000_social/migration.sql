-- Social: groups (members, invitations), conversations and chat messages, reminders, the activity
-- feed's events.

CREATE TABLE `groups` (
    `id` CHAR(36) NOT NULL,
    `owner_id` CHAR(36) NOT NULL,
    `name` VARCHAR(100) NOT NULL,
    `description` VARCHAR(2000) NULL,
    `is_private` BOOLEAN NOT NULL DEFAULT true,
    `join_code` VARCHAR(32) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,
    `deleted_at` DATETIME(3) NULL,

    UNIQUE INDEX `groups_join_code_key`(`join_code`),
    INDEX `groups_owner_id_idx`(`owner_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `groups_owner_id_fkey` FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `group_members` (
    `group_id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `status` VARCHAR(12) NOT NULL DEFAULT 'active',
    `role` VARCHAR(12) NOT NULL DEFAULT 'member',
    `is_admin` BOOLEAN NOT NULL DEFAULT false,
    `is_birthday_alerts_enabled` BOOLEAN NOT NULL DEFAULT true,
    `is_receiver_only` BOOLEAN NOT NULL DEFAULT false,
    `is_topic_notification_enabled` BOOLEAN NOT NULL DEFAULT true,
    `invited_by_id` CHAR(36) NULL,
    `decided_by_id` CHAR(36) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,

    INDEX `group_members_user_id_status_idx`(`user_id`, `status`),
    INDEX `group_members_group_id_status_idx`(`group_id`, `status`),
    PRIMARY KEY (`group_id`, `user_id`),
    CONSTRAINT `group_members_group_id_fkey` FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `group_members_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `group_invitations` (
    `id` CHAR(36) NOT NULL,
    `group_id` CHAR(36) NOT NULL,
    `email` VARCHAR(50) NOT NULL,
    `token` VARCHAR(64) NOT NULL,
    `invited_by_id` CHAR(36) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `accepted_at` DATETIME(3) NULL,

    UNIQUE INDEX `group_invitations_token_key`(`token`),
    UNIQUE INDEX `group_invitations_group_id_email_key`(`group_id`, `email`),
    PRIMARY KEY (`id`),
    CONSTRAINT `group_invitations_group_id_fkey` FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `conversations` (
    `id` CHAR(36) NOT NULL,
    `kind` VARCHAR(10) NOT NULL,
    `group_id` CHAR(36) NULL,
    `direct_key` VARCHAR(80) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `last_message_at` DATETIME(3) NULL,

    UNIQUE INDEX `conversations_group_id_key`(`group_id`),
    UNIQUE INDEX `conversations_direct_key_key`(`direct_key`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `conversation_members` (
    `conversation_id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `last_read_id` BIGINT NOT NULL DEFAULT 0,
    `joined_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `conversation_members_user_id_idx`(`user_id`),
    PRIMARY KEY (`conversation_id`, `user_id`),
    CONSTRAINT `conversation_members_conversation_id_fkey` FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `conversation_members_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `chat_messages` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `conversation_id` CHAR(36) NOT NULL,
    `sender_id` CHAR(36) NOT NULL,
    `body` VARCHAR(2000) NOT NULL,
    `client_key` VARCHAR(64) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `chat_messages_sender_id_client_key_key`(`sender_id`, `client_key`),
    INDEX `chat_messages_conversation_id_id_idx`(`conversation_id`, `id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `chat_messages_conversation_id_fkey` FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `chat_messages_sender_id_fkey` FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `reminders` (
    `id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `kind` VARCHAR(20) NOT NULL,
    `subject_id` CHAR(36) NOT NULL,
    `title` VARCHAR(200) NOT NULL,
    `path` VARCHAR(300) NOT NULL,
    `due_on` DATE NOT NULL,
    `unique_key` VARCHAR(191) NOT NULL,
    `dismissed_at` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `reminders_unique_key_key`(`unique_key`),
    INDEX `reminders_user_id_due_on_idx`(`user_id`, `due_on`),
    PRIMARY KEY (`id`),
    CONSTRAINT `reminders_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `activity_events` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `actor_id` CHAR(36) NOT NULL,
    `kind` VARCHAR(30) NOT NULL,
    `group_id` CHAR(36) NULL,
    `exchange_id` CHAR(36) NULL,
    `wish_list_id` CHAR(36) NULL,
    `payload` TEXT NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `activity_events_actor_id_id_idx`(`actor_id`, `id`),
    INDEX `activity_events_group_id_id_idx`(`group_id`, `id`),
    INDEX `activity_events_exchange_id_id_idx`(`exchange_id`, `id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `activity_events_actor_id_fkey` FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
