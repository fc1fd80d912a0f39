-- Wish lists, wishes and claims; the shop catalogue (merchants, products, price history, guides of
-- products, favourite guides, price-drop watches); in-app notifications; the database job queue.

CREATE TABLE `merchants` (
    `id` CHAR(36) NOT NULL,
    `market_code` CHAR(2) NOT NULL,
    `name` VARCHAR(80) NOT NULL,
    `url` VARCHAR(500) NOT NULL,
    `logo_url` VARCHAR(500) NULL,
    `is_featured` BOOLEAN NOT NULL DEFAULT false,
    `sort_order` INTEGER NOT NULL DEFAULT 0,

    UNIQUE INDEX `merchants_market_code_name_key`(`market_code`, `name`),
    INDEX `merchants_market_code_is_featured_sort_order_idx`(`market_code`, `is_featured`, `sort_order`),
    PRIMARY KEY (`id`),
    CONSTRAINT `merchants_market_code_fkey` FOREIGN KEY (`market_code`) REFERENCES `markets`(`country_code`) ON DELETE RESTRICT ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `products` (
    `id` CHAR(36) NOT NULL,
    `market_code` CHAR(2) NOT NULL,
    `merchant_id` CHAR(36) NOT NULL,
    `title` VARCHAR(200) NOT NULL,
    `description` VARCHAR(2000) NULL,
    `price_amount` DECIMAL(12, 2) NOT NULL,
    `currency` CHAR(3) NOT NULL,
    `url` VARCHAR(1000) NOT NULL,
    `image_url` VARCHAR(1000) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,

    INDEX `products_market_code_created_at_idx`(`market_code`, `created_at`),
    INDEX `products_merchant_id_idx`(`merchant_id`),
    INDEX `products_market_code_price_amount_idx`(`market_code`, `price_amount`),
    FULLTEXT INDEX `products_title_description_idx`(`title`, `description`),
    PRIMARY KEY (`id`),
    CONSTRAINT `products_market_code_fkey` FOREIGN KEY (`market_code`) REFERENCES `markets`(`country_code`) ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT `products_merchant_id_fkey` FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON DELETE RESTRICT ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `product_gift_guides` (
    `product_id` CHAR(36) NOT NULL,
    `gift_guide_id` CHAR(36) NOT NULL,

    INDEX `product_gift_guides_gift_guide_id_idx`(`gift_guide_id`),
    PRIMARY KEY (`product_id`, `gift_guide_id`),
    CONSTRAINT `product_gift_guides_product_id_fkey` FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `product_gift_guides_gift_guide_id_fkey` FOREIGN KEY (`gift_guide_id`) REFERENCES `gift_guides`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `product_prices` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `product_id` CHAR(36) NOT NULL,
    `amount` DECIMAL(12, 2) NOT NULL,
    `currency` CHAR(3) NOT NULL,
    `recorded_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `product_prices_product_id_recorded_at_idx`(`product_id`, `recorded_at`),
    PRIMARY KEY (`id`),
    CONSTRAINT `product_prices_product_id_fkey` FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `price_drop_subscriptions` (
    `id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `product_id` CHAR(36) NOT NULL,
    `baseline_amount` DECIMAL(12, 2) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `price_drop_subscriptions_user_id_product_id_key`(`user_id`, `product_id`),
    INDEX `price_drop_subscriptions_product_id_idx`(`product_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `price_drop_subscriptions_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `price_drop_subscriptions_product_id_fkey` FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `favorite_guides` (
    `user_id` CHAR(36) NOT NULL,
    `gift_guide_id` CHAR(36) NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `favorite_guides_gift_guide_id_idx`(`gift_guide_id`),
    PRIMARY KEY (`user_id`, `gift_guide_id`),
    CONSTRAINT `favorite_guides_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `favorite_guides_gift_guide_id_fkey` FOREIGN KEY (`gift_guide_id`) REFERENCES `gift_guides`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `wish_lists` (
    `id` CHAR(36) NOT NULL,
    `owner_id` CHAR(36) NOT NULL,
    `title` VARCHAR(100) NOT NULL,
    `description` VARCHAR(1000) NULL,
    `privacy` VARCHAR(16) NOT NULL DEFAULT 'public',
    `exchange_id` CHAR(36) NULL,
    `event_date` DATE NULL,
    -- The owner's id on their default list, NULL on the others: unique, so the database keeps
    -- at most one default list per owner.
    `default_owner_id` CHAR(36) NULL,
    `sort_order` INTEGER NOT NULL DEFAULT 0,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,

    UNIQUE INDEX `wish_lists_default_owner_id_key`(`default_owner_id`),
    INDEX `wish_lists_owner_id_sort_order_idx`(`owner_id`, `sort_order`),
    INDEX `wish_lists_exchange_id_idx`(`exchange_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `wish_lists_owner_id_fkey` FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `wishes` (
    `id` CHAR(36) NOT NULL,
    `wishlist_id` CHAR(36) NOT NULL,
    `title` VARCHAR(200) NOT NULL,
    `description` VARCHAR(2000) NULL,
    `price_amount` DECIMAL(12, 2) NULL,
    `currency` CHAR(3) NULL,
    `merchant` VARCHAR(100) NULL,
    `quantity` INTEGER NOT NULL DEFAULT 1,
    `url` VARCHAR(1000) NULL,
    `image_url` VARCHAR(1000) NULL,
    `priority` TINYINT NOT NULL DEFAULT 2,
    `notes` VARCHAR(1000) NULL,
    `product_id` CHAR(36) NULL,
    `sort_order` INTEGER NOT NULL DEFAULT 0,
    `received_at` DATETIME(3) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updated_at` DATETIME(3) NOT NULL,

    INDEX `wishes_wishlist_id_sort_order_idx`(`wishlist_id`, `sort_order`),
    INDEX `wishes_product_id_idx`(`product_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `wishes_wishlist_id_fkey` FOREIGN KEY (`wishlist_id`) REFERENCES `wish_lists`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `wishes_product_id_fkey` FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON DELETE SET NULL ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `wish_claims` (
    `id` CHAR(36) NOT NULL,
    `wish_id` CHAR(36) NOT NULL,
    `claimer_id` CHAR(36) NOT NULL,
    `quantity` INTEGER NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `wish_claims_wish_id_claimer_id_key`(`wish_id`, `claimer_id`),
    INDEX `wish_claims_claimer_id_created_at_idx`(`claimer_id`, `created_at`),
    PRIMARY KEY (`id`),
    CONSTRAINT `wish_claims_wish_id_fkey` FOREIGN KEY (`wish_id`) REFERENCES `wishes`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT `wish_claims_claimer_id_fkey` FOREIGN KEY (`claimer_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `notifications` (
    `id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `kind` VARCHAR(40) NOT NULL,
    `payload` TEXT NOT NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `read_at` DATETIME(3) NULL,

    INDEX `notifications_user_id_created_at_idx`(`user_id`, `created_at`),
    PRIMARY KEY (`id`),
    CONSTRAINT `notifications_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `jobs` (
    `id` BIGINT NOT NULL AUTO_INCREMENT,
    `kind` VARCHAR(60) NOT NULL,
    `payload` TEXT NOT NULL,
    `unique_key` VARCHAR(191) NULL,
    `status` VARCHAR(12) NOT NULL DEFAULT 'queued',
    `run_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `attempts` INTEGER NOT NULL DEFAULT 0,
    `max_attempts` INTEGER NOT NULL DEFAULT 5,
    `locked_by` VARCHAR(80) NULL,
    `locked_until` DATETIME(3) NULL,
    `last_error` VARCHAR(1000) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `finished_at` DATETIME(3) NULL,

    UNIQUE INDEX `jobs_unique_key_key`(`unique_key`),
    INDEX `jobs_status_run_at_idx`(`status`, `run_at`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
