-- People without e-mail (issue 31): the organizer adds a person by name only and shares a private
-- link. A link is bound to the first browser that opens it: that browser keeps a random device
-- secret in an httpOnly cookie and only its SHA-256 is stored here (`device_hash`). A second
-- browser is refused, and may ask for a new link (`new_link_requested_at`); a new link replaces
-- the old one (`replaced_at`), which stops working. Replaced rows stay: the person is shown that an
-- earlier link had been opened before it was replaced (docs/secrecy.md, "People without e-mail").
-- The seat's removal (or the exchange's) removes its links.
CREATE TABLE `exchange_person_links` (
    `id` CHAR(36) NOT NULL,
    `exchange_id` CHAR(36) NOT NULL,
    `user_id` CHAR(36) NOT NULL,
    `token` CHAR(43) NOT NULL,
    `device_hash` CHAR(64) NULL,
    `opened_at` DATETIME(3) NULL,
    `new_link_requested_at` DATETIME(3) NULL,
    `replaced_at` DATETIME(3) NULL,
    `created_by_id` CHAR(36) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `exchange_person_links_token_key`(`token`),
    INDEX `exchange_person_links_exchange_id_user_id_idx`(`exchange_id`, `user_id`),
    PRIMARY KEY (`id`),
    CONSTRAINT `exchange_person_links_seat_fkey` FOREIGN KEY (`exchange_id`, `user_id`)
        REFERENCES `exchange_participants`(`exchange_id`, `user_id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
