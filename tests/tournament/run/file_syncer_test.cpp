// The journal's background syncer: syncs what was written, waits for it on drain, and reports a
// failed sync with the system's reason (the journal then refuses the next chunk).
#include "arena/tournament/run/file_syncer.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace tournament {
namespace {

TEST(FileSyncerTest, SyncsWhatWasWrittenWithoutError) {
  char path[] = "/tmp/dominoes_syncer_XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  {
    FileSyncer syncer(fd);
    for (int i = 0; i < 50; ++i) {
      ASSERT_EQ(::write(fd, "line\n", 5), 5);
      syncer.request();
    }
    syncer.drain();
    EXPECT_EQ(syncer.error(), "");
  }
  ::close(fd);
  std::remove(path);
}

TEST(FileSyncerTest, AFailedSyncIsReportedWithTheSystemsReason) {
  // A descriptor that fdatasync cannot sync: the read end of a pipe (EINVAL).
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  {
    FileSyncer syncer(pipe_fds[0]);
    syncer.request();
    syncer.drain();
    EXPECT_EQ(syncer.error(), "Invalid argument");
  }
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
}

}  // namespace
}  // namespace tournament
