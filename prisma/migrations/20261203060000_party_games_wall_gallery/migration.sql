-- Issue 31: the party's own games, an exchange wall and a gallery.
--
-- Game types: Secret Santa (a pairing draw, as before) or a party game (White Elephant, Yankee
-- Swap) where nobody draws a person: a random turn order is drawn instead, by the organizer at once
-- or by the job queue at the party time (`turn_order_at_party`). The order is one row per turn.
ALTER TABLE `exchanges`
  ADD COLUMN `game_type` VARCHAR(20) NOT NULL DEFAULT 'secret-santa' AFTER `theme_id`,
  ADD COLUMN `turn_order_at_party` BOOLEAN NOT NULL DEFAULT false AFTER `game_type`;

CREATE TABLE `exchange_turns` (
  `exchange_id` CHAR(36) NOT NULL,
  `position` INTEGER NOT NULL,
  `user_id` CHAR(36) NOT NULL,
  `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (`exchange_id`, `position`),
  UNIQUE INDEX `exchange_turns_exchange_id_user_id_key` (`exchange_id`, `user_id`),
  INDEX `exchange_turns_user_id_idx` (`user_id`),
  CONSTRAINT `exchange_turns_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges` (`id`) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT `exchange_turns_user_id_fkey` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- The wall: posts by people in the exchange, optionally anonymous. The auto-increment id orders the
-- posts and is the live stream's resume position, as chat messages' ids are.
CREATE TABLE `exchange_wall_posts` (
  `id` BIGINT NOT NULL AUTO_INCREMENT,
  `exchange_id` CHAR(36) NOT NULL,
  `author_id` CHAR(36) NOT NULL,
  `is_anonymous` BOOLEAN NOT NULL DEFAULT false,
  `body` VARCHAR(2000) NOT NULL,
  `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (`id`),
  INDEX `exchange_wall_posts_exchange_id_id_idx` (`exchange_id`, `id`),
  INDEX `exchange_wall_posts_author_id_idx` (`author_id`),
  CONSTRAINT `exchange_wall_posts_exchange_id_fkey` FOREIGN KEY (`exchange_id`) REFERENCES `exchanges` (`id`) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT `exchange_wall_posts_author_id_fkey` FOREIGN KEY (`author_id`) REFERENCES `users` (`id`) ON DELETE CASCADE ON UPDATE CASCADE
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- The gallery: a thank-you may carry a photo (stored like profile pictures, under DATA_DIR).
ALTER TABLE `exchange_thank_yous` ADD COLUMN `photo_key` VARCHAR(100) NULL AFTER `body`;
