-- Gift exchanges: the exchange, its people (invitations and answers), draw restrictions, the draw,
-- the activity log, ice-breaker questions and answers, anonymous messages and thank-yous.

CREATE TABLE `exchanges` (
    `id` CHAR(36) NOT NULL,
    `organizer_id` CHAR(36) NOT NULL,
    `title` VARCHAR(100) NOT NULL,
    `description` VARCHAR(2000) NULL,
    `sign_up_date` DATE NULL,
    `exchange_date` DATE NOT NULL,
    `budget_currency` CHAR(3) NOT NULL DEFAULT 'USD',
    `budget_amount` DECIMAL(12, 2) NOT NULL DEFAULT 50,
    `location` VARCHAR(200) NULL,
    `location_google_place_url` VARCHAR(1000) NULL,
    `location_google_place_id` VARCHAR(200) NULL,
    `party_time` VARCHAR(5) NULL,
    `delivery_type` VARCHAR(16) NOT NULL DEFAULT 'mail',
    `image_url` VARCHAR(1000) NULL,
    `group_id` CHAR(36) NULL,
    `theme_id` VARCHAR(40) NOT NULL DEFAULT 'classic',
    `status` VARCHAR(12) NOT NULL DEFAULT 'open',
    `organizer_participates` BOOLEAN NOT NULL DEFAULT true,
    `organizer_can_view_draw` BOOLEAN NOT NULL DEFAULT false,
    `participants_visible` BOOLEAN NOT NULL DEFAULT true,
    `exclude_previous_pairs` BOOLEAN NOT NULL DEFAULT false,
    `single_loop` BOOLEAN NOT NULL DEFAULT false,
    `no_mutual_pairs` BOOLEAN NOT NULL DEFAULT false,
    `require_wish_list` BOOLEAN NOT NULL DEFAULT false,
    `disqualify_late_responders` BOOLEAN NOT NULL DEFAULT false,
    `repeat_of_exchange_id` CHAR(36) NULL,
    `join_code` VARCHAR(32) NOT NULL,
    `drawn_at` DATETIME(3) NULL,
    `draw_version` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,

    UNIQUE INDEX `exchanges_join_code_key`(`join_code`),
    INDEX `exchanges_organizer_id_idx`(`organizer_id`),
    INDEX `exchanges_status_exchange_date_idx`(`status`, `exchange_date`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchanges_organizer_id_fkey` FOREIGN KEY (`organizer_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_participants` (
    `exchange_id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `status` VARCHAR(12) NOT NULL DEFAULT 'invited',
    `is_assistant` BOOLEAN NOT NULL DEFAULT false,
    `is_disqualified` BOOLEAN NOT NULL DEFAULT false,
    `disqualified_reason` VARCHAR(200) NULL,
    `household` VARCHAR(40) NULL,
    `comment` VARCHAR(500) NULL,
    `will_ship_internationally` BOOLEAN NOT NULL DEFAULT false,
    `notify_of_replies` BOOLEAN NOT NULL DEFAULT false,
    `responded_at` DATETIME(3) NULL,
    `wishlist_id` CHAR(36) NULL,
    `invited_by_id` CHAR(36) NULL,
    `invited_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `invite_sent_at` DATETIME(3) NULL,

    INDEX `exchange_participants_user_id_idx`(`user_id`),
    INDEX `exchange_participants_exchange_id_status_idx`(`exchange_id`, `status`),
    PRIMARY KEY (`exchange_id`, `user_id`),
    CONSTRAINT `exchange_participants_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `exchange_participants_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_restrictions` (
    `exchange_id` CHAR(36) NOT NULL,
    `giver_id` CHAR(36) NOT NULL,
    `receiver_id` CHAR(36) NOT NULL,

    PRIMARY KEY (`exchange_id`, `giver_id`, `receiver_id`),
    CONSTRAINT `exchange_restrictions_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_assignments` (
    `exchange_id` CHAR(36) NOT NULL,
    `giver_id` CHAR(36) NOT NULL,
    `receiver_id` CHAR(36) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `exchange_assignments_exchange_id_receiver_id_key`(`exchange_id`, `receiver_id`),
    PRIMARY KEY (`exchange_id`, `giver_id`),
    CONSTRAINT `exchange_assignments_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_events` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `exchange_id` CHAR(36) NOT NULL,
    `actor_id` CHAR(36) NULL,
    `kind` VARCHAR(40) NOT NULL,
    `details` TEXT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `exchange_events_exchange_id_created_at_idx`(`exchange_id`, `created_at`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_events_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_questions` (
    `id` CHAR(36) NOT NULL,
    `exchange_id` CHAR(36) NOT NULL,
    `text` VARCHAR(300) NOT NULL,
    `sort_order` INTEGER NOT NULL DEFAULT 0,

    INDEX `exchange_questions_exchange_id_sort_order_idx`(`exchange_id`, `sort_order`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_questions_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_answers` (
    `id` CHAR(36) NOT NULL,
    `question_id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `answer` VARCHAR(1000) NOT NULL,
    `flagged_at` DATETIME(3) NULL,
    `flagged_by` CHAR(36) NULL,
    `flag_reason` VARCHAR(300) NULL,
    `updated_at` DATETIME(3) NOT NULL,

    UNIQUE INDEX `exchange_answers_question_id_user_id_key`(`question_id`, `user_id`),
    INDEX `exchange_answers_user_id_idx`(`user_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_answers_question_id_fkey` FOREIGN KEY (`question_id`) REFERENCES `exchange_questions`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_messages` (
    `id` CHAR(36) NOT NULL,
    `exchange_id` CHAR(36) NOT NULL,
    `giver_id` CHAR(36) NOT NULL,
    `receiver_id` CHAR(36) NOT NULL,
    `from_giver` BOOLEAN NOT NULL,
    `body` VARCHAR(2000) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `read_at` DATETIME(3) NULL,

    INDEX `exchange_messages_exchange_id_giver_id_created_at_idx`(`exchange_id`, `giver_id`, `created_at`),
    INDEX `exchange_messages_receiver_id_idx`(`receiver_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_messages_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `exchange_thank_yous` (
    `id` CHAR(36) NOT NULL,
    `exchange_id` CHAR(36) NOT NULL,
    `from_user_id` CHAR(36) NOT NULL,
    `to_user_id` CHAR(36) NOT NULL,
    `body` VARCHAR(2000) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `exchange_thank_yous_exchange_id_from_user_id_key`(`exchange_id`, `from_user_id`),
    INDEX `exchange_thank_yous_to_user_id_idx`(`to_user_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_thank_yous_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
