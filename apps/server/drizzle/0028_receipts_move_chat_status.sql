-- A chat shows its last message's status (the ticks in the list): every path that moved an outbound
-- message's status wrote the chat's last_message_status after it, while this trigger (0014, 0027)
-- was writing the same chat's messages_version: two new versions of the chat for each receipt, and a
-- statement more. The trigger now moves both in one write, whatever the path (receipts, failures,
-- retries): last_message_status follows the status of the chat's last message when that message is
-- one of the statement's and the business's own (an inbound message's status is its own affair).
CREATE OR REPLACE FUNCTION sapa_messages_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[] := ARRAY(SELECT chat_id FROM changed_messages UNION SELECT chat_id FROM old_messages ORDER BY 1);
BEGIN
  PERFORM 1 FROM chats WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE chats c SET messages_version = c.messages_version + 1,
    last_message_status = coalesce(
      (SELECT n.status FROM changed_messages n
       WHERE n.id = c.last_message_id AND n.chat_id = c.id AND n.is_from_me),
      c.last_message_status)
  WHERE c.id = ANY(ids);
  RETURN NULL;
END
$$;
