-- CreateTable
CREATE TABLE `users` (
    `id` CHAR(36) NOT NULL,
    `email` VARCHAR(50) NULL,
    `username` VARCHAR(50) NULL,
    `name` VARCHAR(100) NOT NULL,
    `first_name` VARCHAR(50) NULL,
    `last_name` VARCHAR(50) NULL,
    `birthday_month` TINYINT NULL,
    `birthday_day` TINYINT NULL,
    `gender` VARCHAR(16) NULL,
    `locale` VARCHAR(10) NOT NULL DEFAULT 'en_US',
    `test_group` INTEGER NOT NULL DEFAULT 0,
    `is_no_show` BOOLEAN NOT NULL DEFAULT false,
    `is_receiver_only` BOOLEAN NOT NULL DEFAULT false,
    `is_birthday_alerts_enabled` BOOLEAN NOT NULL DEFAULT true,
    `is_topic_notification_enabled` BOOLEAN NOT NULL DEFAULT true,
    `deleted_at` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,

    UNIQUE INDEX `users_username_key`(`username`),
    INDEX `users_email_idx`(`email`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `markets` (
    `country_code` CHAR(2) NOT NULL,
    `country` VARCHAR(80) NOT NULL,
    `currency` CHAR(3) NOT NULL,
    `locale` VARCHAR(10) NOT NULL,
    `sort_order` INTEGER NOT NULL DEFAULT 0,
    `is_default` BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY (`country_code`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `gift_guides` (
    `id` CHAR(36) NOT NULL,
    `market_code` CHAR(2) NOT NULL,
    `title` VARCHAR(120) NOT NULL,
    `description` VARCHAR(500) NULL,
    `image_url` VARCHAR(500) NULL,
    `parent_gift_guide_id` CHAR(36) NULL,
    `is_trending` BOOLEAN NOT NULL DEFAULT false,
    `sort_order` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `gift_guides_market_code_parent_gift_guide_id_sort_order_idx`(`market_code`, `parent_gift_guide_id`, `sort_order`),
    INDEX `gift_guides_parent_gift_guide_id_idx`(`parent_gift_guide_id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `gift_guides` ADD CONSTRAINT `gift_guides_market_code_fkey` FOREIGN KEY (`market_code`) REFERENCES `markets`(`country_code`) ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `gift_guides` ADD CONSTRAINT `gift_guides_parent_gift_guide_id_fkey` FOREIGN KEY (`parent_gift_guide_id`) REFERENCES `gift_guides`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
