-- Addresses the product stops mailing (issue 29), keyed by the canonical address
-- (server/contracts/email-identity.ts), one row per reason:
--   'bounced'        a permanent SMTP refusal (5xx): no mail at all goes to it until the address is
--                    corrected (the organizer edits it or invites another) or the row is removed;
--   'no-invitations' its owner followed "don't send me invitations": invitation mails are skipped.
-- `detail` keeps the server's refusal text for the organizer's tooltip and for support.
CREATE TABLE IF NOT EXISTS `email_suppressions` (
    `email_canonical` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    `reason` VARCHAR(20) NOT NULL,
    `detail` VARCHAR(500) NULL,
    `created_at` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (`email_canonical`, `reason`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
