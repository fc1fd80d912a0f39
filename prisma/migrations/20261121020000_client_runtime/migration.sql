-- CreateTable
CREATE TABLE `features` (
    `name` VARCHAR(80) NOT NULL,
    `tag` VARCHAR(80) NOT NULL DEFAULT '',
    `description` VARCHAR(500) NULL,
    `variants` TEXT NOT NULL,
    `winning_variant` VARCHAR(80) NULL,
    `is_active` BOOLEAN NOT NULL DEFAULT true,
    `updated_at` DATETIME(3) NOT NULL,

    PRIMARY KEY (`name`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `feature_assignments` (
    `feature_name` VARCHAR(80) NOT NULL,
    `subject_key` VARCHAR(64) NOT NULL,
    `variant` VARCHAR(80) NOT NULL,
    `assigned_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `started_at` DATETIME(3) NULL,
    `updated_at` DATETIME(3) NOT NULL,

    PRIMARY KEY (`feature_name`, `subject_key`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `content_blocks` (
    `section` VARCHAR(40) NOT NULL,
    `component_name` VARCHAR(80) NOT NULL,
    `title` VARCHAR(200) NOT NULL,
    `body` TEXT NOT NULL,
    `updated_at` DATETIME(3) NOT NULL,

    PRIMARY KEY (`section`, `component_name`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `terms_acceptances` (
    `user_id` CHAR(36) NOT NULL,
    `version` VARCHAR(20) NOT NULL,
    `accepted_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    PRIMARY KEY (`user_id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `feature_assignments` ADD CONSTRAINT `feature_assignments_feature_name_fkey` FOREIGN KEY (`feature_name`) REFERENCES `features`(`name`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `terms_acceptances` ADD CONSTRAINT `terms_acceptances_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
