-- Admin area: staff notes on exchanges, and the audit log filtered by kind of action over time.

CREATE TABLE `exchange_staff_notes` (
    `id` CHAR(36) NOT NULL,
    `exchange_id` CHAR(36) NOT NULL,
    `author_user_id` CHAR(36) NOT NULL,
    `body` VARCHAR(2000) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `exchange_staff_notes_exchange_id_created_at_idx`(`exchange_id`, `created_at`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_staff_notes_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateIndex
CREATE INDEX `audit_log_action_created_at_idx` ON `audit_log`(`action`, `created_at`);
